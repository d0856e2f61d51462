import numpy as np


def masked_attention(Q, K, V, key_mask):
    Q = np.asarray(Q, dtype=np.float32)
    K = np.asarray(K, dtype=np.float32)
    V = np.asarray(V, dtype=np.float32)
    real = np.asarray(key_mask, dtype=bool)
    scores = Q @ K.T / np.sqrt(np.float32(Q.shape[1]))
    scores = np.where(real[None, :], scores, np.float32(-np.inf))
    m = scores.max(axis=1, keepdims=True)
    log_total = m + np.log(np.exp(scores - m).sum(axis=1, keepdims=True))
    return np.exp(scores - log_total) @ V
