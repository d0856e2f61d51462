import numpy as np


def attention_with_temperature(Q, K, V, temperature):
    Q, K, V = (np.asarray(a, dtype=float) for a in (Q, K, V))
    # int() floors the temperature: 2.7 becomes 2, 1.5 becomes 1 and 0.5 becomes 0.
    scores = Q @ K.T / (np.sqrt(Q.shape[1]) * int(temperature))
    scores = scores - scores.max(axis=1, keepdims=True)
    weights = np.exp(scores)
    return weights / weights.sum(axis=1, keepdims=True) @ V
