import numpy as np


def self_attention(X, Wq, Wk, Wv):
    """Projects with the transposed weights, X W^T (the layout of torch.nn.Linear's weight).

    With non-square weights the shapes do not fit and NumPy raises ValueError, as it would in
    a learner's code.
    """
    X = np.asarray(X, dtype=float)
    Q = X @ np.asarray(Wq, float).T
    K = X @ np.asarray(Wk, float).T
    V = X @ np.asarray(Wv, float).T
    scores = Q @ K.T / np.sqrt(Q.shape[1])
    exps = np.exp(scores - scores.max(axis=1, keepdims=True))
    return exps / exps.sum(axis=1, keepdims=True) @ V
