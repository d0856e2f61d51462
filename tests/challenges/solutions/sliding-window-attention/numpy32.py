import numpy as np


def sliding_window_attention(Q, K, V, window):
    Q = np.asarray(Q, dtype=np.float32)
    K = np.asarray(K, dtype=np.float32)
    V = np.asarray(V, dtype=np.float32)
    n = Q.shape[0]
    i = np.arange(n)[:, None]
    j = np.arange(n)[None, :]
    visible = (j <= i) & (j > i - window)
    scores = (Q @ K.T) / np.sqrt(np.float32(K.shape[1]))
    scores = np.where(visible, scores, np.float32(-np.inf))
    scores = scores - scores.max(axis=1, keepdims=True)
    weights = np.exp(scores)
    weights = weights / weights.sum(axis=1, keepdims=True)
    return weights @ V
