import numpy as np


def rms_norm(x, weight, eps=1e-6):
    x = np.asarray(x, dtype=np.float32)
    weight = np.asarray(weight, dtype=np.float32)
    rms = np.sqrt((x ** 2).mean(axis=-1, keepdims=True) + np.float32(eps))
    return x / rms * weight
