import numpy as np


def attention_with_temperature(Q, K, V, temperature):
    """Exponentiates the tempered scores without subtracting the row maximum."""
    Q = np.asarray(Q, dtype=float)
    scores = Q @ np.asarray(K, dtype=float).T / (np.sqrt(Q.shape[1]) * temperature)
    with np.errstate(over="ignore", invalid="ignore"):
        exps = np.exp(scores)
        return exps / exps.sum(axis=1, keepdims=True) @ np.asarray(V, dtype=float)
