import numpy as np


def attention_with_temperature(Q, K, V, temperature):
    Q = np.asarray(Q, dtype=np.float32)
    K = np.asarray(K, dtype=np.float32)
    V = np.asarray(V, dtype=np.float32)
    scale = np.sqrt(np.float32(Q.shape[1])) * np.float32(temperature)
    scores = Q @ K.T / scale
    m = scores.max(axis=1, keepdims=True)
    log_total = m + np.log(np.exp(scores - m).sum(axis=1, keepdims=True))
    return np.exp(scores - log_total) @ V
