import numpy as np


def rms_norm_backward(x, weight, dy, eps=1e-6):
    x = np.array(x, dtype=float)
    dy = np.array(dy, dtype=float)
    inv = 1.0 / np.sqrt((x**2).mean(axis=1) + eps)[:, None]
    g = dy * np.array(weight)
    dx = inv * g - inv**3 * x * (g * x).mean(axis=1)[:, None]
    return dx, np.mean(dy * x * inv, axis=0)
