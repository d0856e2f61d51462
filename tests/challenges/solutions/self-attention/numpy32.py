import numpy as np


def self_attention(X, Wq, Wk, Wv):
    X, Wq, Wk, Wv = (np.asarray(a, dtype=np.float32) for a in (X, Wq, Wk, Wv))
    Q = X @ Wq
    K = X @ Wk
    V = X @ Wv
    scores = (Q @ K.T) / np.sqrt(np.float32(Q.shape[1]))
    scores = scores - scores.max(axis=1, keepdims=True)
    weights = np.exp(scores)
    weights = weights / weights.sum(axis=1, keepdims=True)
    return weights @ V
