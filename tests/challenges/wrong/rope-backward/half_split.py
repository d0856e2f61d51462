import numpy as np


def rope_backward(X, positions, dY, base=10000.0):
    g = np.array(dY, dtype=np.float64)
    d = g.shape[1]
    inv_freq = 1.0 / base ** (np.arange(0, d, 2) / d)
    t = np.array(positions)[:, None] * inv_freq[None, :]
    t = np.concatenate([t, t], axis=1)  # halves, as in rotate_half
    rotated = np.concatenate([g[:, d // 2:], -g[:, : d // 2]], axis=1)
    return g * np.cos(t) + rotated * np.sin(t)
