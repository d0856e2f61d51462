import numpy as np


def rms_norm_backward(x, weight, dy, eps=1e-6):
    x = np.array(x, dtype=np.float32)
    dy = np.array(dy, dtype=np.float32)
    w = np.array(weight, dtype=np.float32)
    ms = np.mean(np.square(x), axis=1, keepdims=True)
    r = np.float32(1.0) / np.sqrt(ms + np.float32(eps))
    g = dy * w
    proj = np.mean(g * x, axis=1, keepdims=True)
    dx = r * g - x * r**3 * proj
    return dx, np.sum(dy * x * r, axis=0)
