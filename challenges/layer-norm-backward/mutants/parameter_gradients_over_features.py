import numpy as np


def layer_norm_backward(x, gamma, beta, dy, eps=1e-5):
    """Sums dgamma and dbeta over each row's features (axis=1) instead of over the rows: they
    come out with one number per row, not one per feature."""
    x = np.asarray(x, dtype=float)
    dy = np.asarray(dy, dtype=float)
    mean = x.mean(axis=1, keepdims=True)
    rstd = 1 / np.sqrt(((x - mean) ** 2).mean(axis=1, keepdims=True) + eps)
    xhat = (x - mean) * rstd
    g = dy * np.asarray(gamma)
    dx = rstd * (g - g.mean(axis=1, keepdims=True) - xhat * (g * xhat).mean(axis=1, keepdims=True))
    return dx, (dy * xhat).sum(axis=1), dy.sum(axis=1)
