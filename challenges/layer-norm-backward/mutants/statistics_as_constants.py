import numpy as np


def layer_norm_backward(x, gamma, beta, dy, eps=1e-5):
    """Treats the row's mean and variance as constants: dx = dy * gamma / sqrt(var + eps)."""
    x = np.asarray(x, dtype=float)
    dy = np.asarray(dy, dtype=float)
    mean = x.mean(axis=1, keepdims=True)
    rstd = 1 / np.sqrt(((x - mean) ** 2).mean(axis=1, keepdims=True) + eps)
    xhat = (x - mean) * rstd
    return dy * np.asarray(gamma) * rstd, (dy * xhat).sum(axis=0), dy.sum(axis=0)
