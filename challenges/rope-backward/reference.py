import numpy as np


def rope_backward(X, positions, dY, base=10000.0):
    """Return dX for Y = RoPE(X): each interleaved pair of dY rotated back, by -p * base^(-2i/d).

    RoPE is linear in X (one rotation R per pair), so dX = R^T dY, and R^T is the rotation by
    the opposite angle: X itself plays no part.
    """
    dY = np.asarray(dY, dtype=np.float64)
    d = dY.shape[1]
    frequencies = base ** (-2.0 * np.arange(d // 2) / d)
    angles = np.asarray(positions, dtype=np.float64)[:, None] * frequencies[None, :]
    cos, sin = np.cos(angles), np.sin(angles)
    first, second = dY[:, 0::2], dY[:, 1::2]
    dX = np.empty_like(dY)
    dX[:, 0::2] = first * cos + second * sin
    dX[:, 1::2] = -first * sin + second * cos
    return dX
