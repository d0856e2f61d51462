import numpy as np


def self_attention(X, Wq, Wk, Wv):
    X = np.asarray(X, dtype=np.float32)
    Q = X @ np.asarray(Wq, dtype=np.float32)
    K = X @ np.asarray(Wk, dtype=np.float32)
    V = X @ np.asarray(Wv, dtype=np.float32)
    scores = Q @ K.T / np.sqrt(np.float32(Q.shape[1]))
    m = scores.max(axis=1, keepdims=True)
    log_total = m + np.log(np.exp(scores - m).sum(axis=1, keepdims=True))
    return np.exp(scores - log_total) @ V
