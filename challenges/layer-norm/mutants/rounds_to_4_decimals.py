import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    """A correct layer norm whose outputs are rounded to 4 decimals, like the examples."""
    x = np.asarray(x, dtype=float)
    mean = x.mean(axis=1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=1, keepdims=True)
    out = (x - mean) / np.sqrt(var + eps) * np.asarray(gamma) + np.asarray(beta)
    return np.round(out, 4)
