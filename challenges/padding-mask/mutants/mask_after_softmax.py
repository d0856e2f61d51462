import numpy as np


def masked_attention(Q, K, V, key_mask):
    """Softmax over every key, then the padding weights set to 0 without renormalising."""
    Q = np.asarray(Q, dtype=float)
    scores = Q @ np.asarray(K, dtype=float).T / np.sqrt(Q.shape[1])
    exps = np.exp(scores - scores.max(axis=1, keepdims=True))
    weights = exps / exps.sum(axis=1, keepdims=True)
    weights = weights * np.asarray(key_mask, dtype=float)
    return weights @ np.asarray(V, dtype=float)
