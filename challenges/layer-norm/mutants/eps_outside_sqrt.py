import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    """Divides by sqrt(var) + eps instead of sqrt(var + eps)."""
    x = np.asarray(x, dtype=float)
    mean = x.mean(axis=1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=1, keepdims=True)
    return (x - mean) / (np.sqrt(var) + eps) * np.asarray(gamma) + np.asarray(beta)
