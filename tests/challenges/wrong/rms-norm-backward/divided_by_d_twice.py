import numpy as np


def rms_norm_backward(x, weight, dy, eps=1e-6):
    x = np.asarray(x, dtype=np.float64)
    dy = np.asarray(dy, dtype=np.float64)
    d = x.shape[-1]
    rms = np.sqrt(np.mean(x**2, axis=-1, keepdims=True) + eps)
    g = dy * np.asarray(weight)
    drms = -np.mean(g * x, axis=-1, keepdims=True) / rms**2  # dL/drms
    dx = g / rms + drms * x / (d * rms)
    return dx, np.sum(dy * x / rms, axis=0)
