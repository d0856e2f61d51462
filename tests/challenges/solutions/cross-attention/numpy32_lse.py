import numpy as np


def cross_attention(X, Y, Wq, Wk, Wv):
    X = np.asarray(X, dtype=np.float32)
    Y = np.asarray(Y, dtype=np.float32)
    Q = X @ np.asarray(Wq, dtype=np.float32)
    K = Y @ np.asarray(Wk, dtype=np.float32)
    V = Y @ np.asarray(Wv, dtype=np.float32)
    scores = Q @ K.T / np.sqrt(np.float32(Q.shape[1]))
    m = scores.max(axis=1, keepdims=True)
    log_total = m + np.log(np.exp(scores - m).sum(axis=1, keepdims=True))
    return np.exp(scores - log_total) @ V
