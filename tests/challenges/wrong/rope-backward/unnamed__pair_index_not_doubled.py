import numpy as np


def rope_backward(X, positions, dY, base=10000.0):
    dY = np.asarray(dY, dtype=np.float32)
    n, d = dY.shape
    freqs = np.float32(base) ** (-np.arange(d // 2, dtype=np.float32) / d)
    ang = np.asarray(positions, dtype=np.float32)[:, None] * freqs
    x, y = dY[:, ::2], dY[:, 1::2]
    out = np.stack([x * np.cos(ang) + y * np.sin(ang), y * np.cos(ang) - x * np.sin(ang)], -1)
    return out.reshape(n, d)
