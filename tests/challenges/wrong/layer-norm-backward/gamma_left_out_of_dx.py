import numpy as np


def layer_norm_backward(x, gamma, beta, dy, eps=1e-5):
    x = np.asarray(x, dtype=float)
    dy = np.asarray(dy, dtype=float)
    d = x.shape[1]
    xc = x - x.mean(1)[:, None]
    inv = (np.mean(xc**2, 1) + eps)[:, None] ** -0.5
    xhat = xc * inv
    dx = inv / d * (d * dy - dy.sum(1)[:, None] - xhat * (dy * xhat).sum(1)[:, None])
    return dx, (dy * xhat).sum(0), dy.sum(0)
