import numpy as np


def apply_rope(X, base=10000.0):
    """Rotates by -angle: the sine terms have the wrong signs."""
    X = np.asarray(X, dtype=float)
    n, d = X.shape
    angles = np.arange(n)[:, None] * base ** (-2.0 * np.arange(d // 2) / d)
    cos, sin = np.cos(angles), np.sin(angles)
    out = np.empty_like(X)
    out[:, 0::2] = X[:, 0::2] * cos + X[:, 1::2] * sin
    out[:, 1::2] = -X[:, 0::2] * sin + X[:, 1::2] * cos
    return out
