import numpy as np


def apply_rope(X, base=10000.0):
    """A table for 4096 positions: only sequences longer than that fail."""
    X = np.asarray(X, dtype=np.float32)
    n, d = X.shape
    theta = base ** (-np.arange(0, d, 2, dtype=np.float32) / d)
    table = np.arange(4096, dtype=np.float32)[:, None] * theta
    t = table[np.arange(n)]
    even, odd = X[:, 0::2], X[:, 1::2]
    return np.stack([even * np.cos(t) - odd * np.sin(t),
                     even * np.sin(t) + odd * np.cos(t)], axis=-1).reshape(n, d)
