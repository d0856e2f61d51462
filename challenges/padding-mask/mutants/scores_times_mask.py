import numpy as np


def masked_attention(Q, K, V, key_mask):
    """Multiplies the scores by the mask: padding keys get the score 0, which is not hidden."""
    Q = np.asarray(Q, dtype=float)
    scores = Q @ np.asarray(K, dtype=float).T / np.sqrt(Q.shape[1])
    scores = scores * np.asarray(key_mask, dtype=float)
    exps = np.exp(scores - scores.max(axis=1, keepdims=True))
    return exps / exps.sum(axis=1, keepdims=True) @ np.asarray(V, dtype=float)
