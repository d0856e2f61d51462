import numpy as np


def masked_attention(Q, K, V, key_mask):
    """Plain attention: key_mask is never used, so padding keys get weight too."""
    Q = np.asarray(Q, dtype=float)
    scores = Q @ np.asarray(K, dtype=float).T / np.sqrt(Q.shape[1])
    exps = np.exp(scores - scores.max(axis=1, keepdims=True))
    return exps / exps.sum(axis=1, keepdims=True) @ np.asarray(V, dtype=float)
