import numpy as np


def attention_backward(Q, K, V, dO):
    Q, K, V, dO = (np.array(x, dtype=np.float32) for x in (Q, K, V, dO))
    root = np.float32(np.sqrt(Q.shape[1]))
    scores = Q @ K.T / root
    w = np.exp(scores - scores.max(axis=-1, keepdims=True))
    w = w / w.sum(axis=-1, keepdims=True)
    d_weights = dO @ V.T
    d_scores = w * d_weights - w * np.sum(w * d_weights, axis=-1, keepdims=True)
    return (d_scores @ K) / root, (d_scores.T @ Q) / root, w.T @ dO
