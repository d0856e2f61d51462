import numpy as np


def rope_backward(X, positions, dY, base=10000.0):
    g = np.asarray(dY, dtype=np.float32)
    n, d = g.shape
    i = np.arange(0, d, 2, dtype=np.float32)
    theta = np.float32(base) ** (-i / np.float32(d))
    t = np.asarray(positions, dtype=np.float32).reshape(n, 1) * theta
    c, s = np.cos(t), np.sin(t)
    out = np.zeros_like(g)
    # the transpose of [[c, -s], [s, c]] is [[c, s], [-s, c]]
    out[:, 0::2] = c * g[:, 0::2] + s * g[:, 1::2]
    out[:, 1::2] = c * g[:, 1::2] - s * g[:, 0::2]
    return out
