import numpy as np


def apply_rope(X, base=10000.0):
    """Rotate each interleaved pair (x[2i], x[2i+1]) of row p by the angle p * base^(-2i/d)."""
    X = np.asarray(X, dtype=np.float64)
    n, d = X.shape
    frequencies = base ** (-2.0 * np.arange(d // 2) / d)  # one per pair, from 1 downwards
    angles = np.arange(n)[:, None] * frequencies[None, :]  # n x d/2; row p is position p
    cos, sin = np.cos(angles), np.sin(angles)
    first, second = X[:, 0::2], X[:, 1::2]  # x[2i] and x[2i+1]: neighbours, not halves
    out = np.empty_like(X)
    out[:, 0::2] = first * cos - second * sin
    out[:, 1::2] = first * sin + second * cos
    return out
