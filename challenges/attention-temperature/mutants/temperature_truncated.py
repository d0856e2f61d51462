import numpy as np


def attention_with_temperature(Q, K, V, temperature):
    """Turns the temperature into a whole number with int() first: 2.5 acts as 2, and a
    temperature below 1 becomes 0, a division by zero (NaN here)."""
    T = int(temperature)
    Q = np.asarray(Q, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        scores = Q @ np.asarray(K, dtype=float).T / (np.sqrt(Q.shape[1]) * T)
        exps = np.exp(scores - scores.max(axis=1, keepdims=True))
        return exps / exps.sum(axis=1, keepdims=True) @ np.asarray(V, dtype=float)
