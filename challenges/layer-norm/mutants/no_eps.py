import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    """Divides by sqrt(var) with no eps: a constant row becomes 0 / 0 = nan."""
    x = np.asarray(x, dtype=float)
    mean = x.mean(axis=1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=1, keepdims=True)
    with np.errstate(divide="ignore", invalid="ignore"):
        return (x - mean) / np.sqrt(var) * np.asarray(gamma) + np.asarray(beta)
