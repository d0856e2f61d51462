import numpy as np

MAX_POSITIONS = 1024


def _tables(d, base):
    inv_freq = 1.0 / base ** (np.arange(0, d, 2) / d)
    angles = np.outer(np.arange(MAX_POSITIONS), inv_freq)
    return np.cos(angles), np.sin(angles)


def apply_rope(X, base=10000.0):
    X = np.array(X, dtype=np.float64)
    n, d = X.shape
    cos, sin = _tables(d, base)
    positions = np.arange(n)
    c, s = cos[positions], sin[positions]
    out = X.copy()
    out[:, ::2] = X[:, ::2] * c - X[:, 1::2] * s
    out[:, 1::2] = X[:, ::2] * s + X[:, 1::2] * c
    return out
