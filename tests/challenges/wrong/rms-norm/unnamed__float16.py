import numpy as np


def rms_norm(x, weight, eps=1e-6):
    """Half precision: squares of entries above 256 overflow, and three digits at best."""
    x = np.asarray(x, dtype=np.float16)
    w = np.asarray(weight, dtype=np.float16)
    ms = (x * x).mean(axis=-1, keepdims=True)
    return (x / np.sqrt(ms + np.float16(eps)) * w).astype(np.float64)
