import numpy as np


def attention_with_temperature(Q, K, V, temperature):
    Q, K, V = np.asarray(Q, float), np.asarray(K, float), np.asarray(V, float)
    scores = Q @ K.T / np.sqrt(Q.shape[-1]) / np.floor(temperature)
    scores = scores - scores.max(axis=-1, keepdims=True)
    weights = np.exp(scores)
    return weights / weights.sum(axis=-1, keepdims=True) @ V
