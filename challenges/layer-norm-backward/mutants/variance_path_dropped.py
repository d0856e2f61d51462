import numpy as np


def layer_norm_backward(x, gamma, beta, dy, eps=1e-5):
    """Follows the gradient through the mean but treats the variance as a constant:
    dx = (g - mean(g)) / sqrt(var + eps) with g = dy * gamma."""
    x = np.asarray(x, dtype=float)
    dy = np.asarray(dy, dtype=float)
    mean = x.mean(axis=1, keepdims=True)
    rstd = 1 / np.sqrt(((x - mean) ** 2).mean(axis=1, keepdims=True) + eps)
    xhat = (x - mean) * rstd
    g = dy * np.asarray(gamma)
    return rstd * (g - g.mean(axis=1, keepdims=True)), (dy * xhat).sum(axis=0), dy.sum(axis=0)
