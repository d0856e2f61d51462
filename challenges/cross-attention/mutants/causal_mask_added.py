import numpy as np


def cross_attention(X, Y, Wq, Wk, Wv):
    """Adds a causal mask (query i sees context tokens 0..i), copied from decoder self-attention."""
    X, Y = np.asarray(X, dtype=float), np.asarray(Y, dtype=float)
    Q, K, V = X @ np.asarray(Wq, float), Y @ np.asarray(Wk, float), Y @ np.asarray(Wv, float)
    scores = Q @ K.T / np.sqrt(Q.shape[1])
    scores = np.where(np.tril(np.ones(scores.shape, dtype=bool)), scores, -np.inf)
    exps = np.exp(scores - scores.max(axis=1, keepdims=True))
    return exps / exps.sum(axis=1, keepdims=True) @ V
