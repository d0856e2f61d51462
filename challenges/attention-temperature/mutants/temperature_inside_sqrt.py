import numpy as np


def attention_with_temperature(Q, K, V, temperature):
    """Divides the scores by sqrt(d * T) instead of sqrt(d) * T."""
    Q = np.asarray(Q, dtype=float)
    scores = Q @ np.asarray(K, dtype=float).T / np.sqrt(Q.shape[1] * temperature)
    exps = np.exp(scores - scores.max(axis=1, keepdims=True))
    return exps / exps.sum(axis=1, keepdims=True) @ np.asarray(V, dtype=float)
