import numpy as np


def rope_backward(X, positions, dY, base=10000.0):
    """Rotates row r back by its row index r instead of by positions[r]."""
    dY = np.asarray(dY, dtype=np.float64)
    n, d = dY.shape
    angles = np.outer(np.arange(n, dtype=np.float64), base ** (-2.0 * np.arange(d // 2) / d))
    cos, sin = np.cos(angles), np.sin(angles)
    dX = np.empty_like(dY)
    dX[:, 0::2] = dY[:, 0::2] * cos + dY[:, 1::2] * sin
    dX[:, 1::2] = -dY[:, 0::2] * sin + dY[:, 1::2] * cos
    return dX
