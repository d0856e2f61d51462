import numpy as np


def rope_backward(X, positions, dY, base=10000.0):
    """Applies R to dY instead of R^T: each pair turns by +t again, as in the forward pass."""
    dY = np.asarray(dY, dtype=np.float64)
    d = dY.shape[1]
    angles = np.outer(np.asarray(positions, dtype=np.float64),
                      base ** (-2.0 * np.arange(d // 2) / d))
    cos, sin = np.cos(angles), np.sin(angles)
    dX = np.empty_like(dY)
    dX[:, 0::2] = dY[:, 0::2] * cos - dY[:, 1::2] * sin
    dX[:, 1::2] = dY[:, 0::2] * sin + dY[:, 1::2] * cos
    return dX
