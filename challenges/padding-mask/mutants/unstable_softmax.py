import numpy as np


def masked_attention(Q, K, V, key_mask):
    """Masks correctly with -inf, but exponentiates without subtracting the row maximum."""
    Q = np.asarray(Q, dtype=float)
    scores = Q @ np.asarray(K, dtype=float).T / np.sqrt(Q.shape[1])
    scores = np.where(np.asarray(key_mask, dtype=bool), scores, -np.inf)
    with np.errstate(over="ignore", invalid="ignore"):
        exps = np.exp(scores)
        return exps / exps.sum(axis=1, keepdims=True) @ np.asarray(V, dtype=float)
