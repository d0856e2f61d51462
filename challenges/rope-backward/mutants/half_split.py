import numpy as np


def rope_backward(X, positions, dY, base=10000.0):
    """Rotates back, but pairs x[i] with x[i + d/2] (the "rotate half" layout)."""
    dY = np.asarray(dY, dtype=np.float64)
    h = dY.shape[1] // 2
    angles = np.outer(np.asarray(positions, dtype=np.float64),
                      base ** (-2.0 * np.arange(h) / dY.shape[1]))
    cos, sin = np.cos(angles), np.sin(angles)
    first, second = dY[:, :h], dY[:, h:]
    return np.concatenate([first * cos + second * sin, -first * sin + second * cos], axis=1)
