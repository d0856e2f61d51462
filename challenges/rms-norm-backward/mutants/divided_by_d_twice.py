import numpy as np


def rms_norm_backward(x, weight, dy, eps=1e-6):
    """Takes the mean of g * x over the features where their sum belongs, then divides by d as
    well: the term through the RMS is d times too small."""
    x = np.asarray(x, dtype=float)
    dy = np.asarray(dy, dtype=float)
    r = 1 / np.sqrt((x * x).mean(axis=1, keepdims=True) + eps)
    g = dy * np.asarray(weight)
    dx = r * (g - x * r * r * (g * x).mean(axis=1, keepdims=True) / x.shape[1])
    return dx, (dy * x * r).sum(axis=0)
