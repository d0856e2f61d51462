import numpy as np


def rms_norm_backward(x, weight, dy, eps=1e-6):
    """Forgets the 1/d of the mean square's derivative: the term through the RMS uses the sum
    of g * x over the features, d times too large."""
    x = np.asarray(x, dtype=float)
    dy = np.asarray(dy, dtype=float)
    r = 1 / np.sqrt((x * x).mean(axis=1, keepdims=True) + eps)
    g = dy * np.asarray(weight)
    dx = r * (g - x * r * r * (g * x).sum(axis=1, keepdims=True))
    return dx, (dy * x * r).sum(axis=0)
