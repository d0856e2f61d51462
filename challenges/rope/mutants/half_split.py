import numpy as np


def apply_rope(X, base=10000.0):
    """Pairs x[i] with x[i + d/2] (the "rotate half" layout) instead of x[2i] with x[2i + 1]."""
    X = np.asarray(X, dtype=float)
    n, d = X.shape
    angles = np.arange(n)[:, None] * base ** (-2.0 * np.arange(d // 2) / d)
    cos, sin = np.cos(angles), np.sin(angles)
    first, second = X[:, : d // 2], X[:, d // 2:]
    return np.concatenate([first * cos - second * sin, first * sin + second * cos], axis=1)
