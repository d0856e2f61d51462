import numpy as np


def apply_rope(X, base=10000.0):
    X = np.asarray(X, dtype=np.float32)
    n, d = X.shape
    i = np.arange(d // 2, dtype=np.float32)
    theta = np.power(np.float32(base), -2 * i / np.float32(d))
    angles = np.arange(n, dtype=np.float32)[:, None] * theta[None, :]
    cos, sin = np.cos(angles), np.sin(angles)
    even, odd = X[:, 0::2], X[:, 1::2]
    out = np.empty_like(X)
    out[:, 0::2] = even * cos - odd * sin
    out[:, 1::2] = even * sin + odd * cos
    return out
