import numpy as np


def causal_attention(Q, K, V):
    Q = np.asarray(Q, dtype=np.float32)
    K = np.asarray(K, dtype=np.float32)
    V = np.asarray(V, dtype=np.float32)
    n = Q.shape[0]
    scores = Q @ K.T / np.sqrt(np.float32(Q.shape[1]))
    visible = np.tril(np.ones((n, n), dtype=bool))
    scores = np.where(visible, scores, np.float32(-np.inf))
    m = scores.max(axis=1, keepdims=True)
    log_total = m + np.log(np.exp(scores - m).sum(axis=1, keepdims=True))
    return np.exp(scores - log_total) @ V
