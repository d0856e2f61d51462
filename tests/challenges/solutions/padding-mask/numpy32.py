import numpy as np


def masked_attention(Q, K, V, key_mask):
    Q = np.asarray(Q, dtype=np.float32)
    K = np.asarray(K, dtype=np.float32)
    V = np.asarray(V, dtype=np.float32)
    keep = np.asarray(key_mask, dtype=bool)
    scores = (Q @ K.T) / np.sqrt(np.float32(Q.shape[1]))
    scores = np.where(keep[None, :], scores, np.float32(-np.inf))
    scores = scores - scores.max(axis=1, keepdims=True)
    weights = np.exp(scores)
    weights = weights / weights.sum(axis=1, keepdims=True)
    # Only the real keys' values: a padding value never enters the sum.
    return weights[:, keep] @ V[keep]
