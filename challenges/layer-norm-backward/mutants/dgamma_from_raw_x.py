import numpy as np


def layer_norm_backward(x, gamma, beta, dy, eps=1e-5):
    """Sums dy * x for dgamma, the raw input where the normalised xhat belongs."""
    x = np.asarray(x, dtype=float)
    dy = np.asarray(dy, dtype=float)
    mean = x.mean(axis=1, keepdims=True)
    rstd = 1 / np.sqrt(((x - mean) ** 2).mean(axis=1, keepdims=True) + eps)
    xhat = (x - mean) * rstd
    g = dy * np.asarray(gamma)
    dx = rstd * (g - g.mean(axis=1, keepdims=True) - xhat * (g * xhat).mean(axis=1, keepdims=True))
    return dx, (dy * x).sum(axis=0), dy.sum(axis=0)
