import numpy as np


def layer_norm_backward(x, gamma, beta, dy, eps=1e-5):
    """Return (dx, dgamma, dbeta) for y = (x - mean) / sqrt(var + eps) * gamma + beta, per row."""
    x = np.asarray(x, dtype=np.float64)
    dy = np.asarray(dy, dtype=np.float64)
    mean = x.mean(axis=1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=1, keepdims=True)  # biased: divided by d
    rstd = 1.0 / np.sqrt(var + eps)
    xhat = (x - mean) * rstd
    g = dy * np.asarray(gamma, dtype=np.float64)  # the gradient with respect to xhat
    # xhat depends on every entry of its row through the mean and the variance: the two means
    # below are those two paths.
    dx = rstd * (g - g.mean(axis=1, keepdims=True) - xhat * (g * xhat).mean(axis=1, keepdims=True))
    # gamma and beta are shared by every row: their gradients add up over the rows.
    return dx, (dy * xhat).sum(axis=0), dy.sum(axis=0)
