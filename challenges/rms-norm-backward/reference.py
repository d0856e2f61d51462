import numpy as np


def rms_norm_backward(x, weight, dy, eps=1e-6):
    """Return (dx, dweight) for y = x / sqrt(mean(x^2) + eps) * weight, per row."""
    x = np.asarray(x, dtype=np.float64)
    dy = np.asarray(dy, dtype=np.float64)
    r = 1.0 / np.sqrt((x * x).mean(axis=1, keepdims=True) + eps)
    g = dy * np.asarray(weight, dtype=np.float64)  # the gradient with respect to x * r
    # r depends on every x of its row: d r / d x_k = -r^3 x_k / d, hence the second term.
    dx = r * (g - x * r * r * (g * x).mean(axis=1, keepdims=True))
    return dx, (dy * x * r).sum(axis=0)  # weight is shared by every row: sum over the rows
