import numpy as np


def rms_norm(x, weight, eps=1e-6):
    """Always adds 1e-6, whatever eps the caller passes."""
    x = np.asarray(x, dtype=float)
    rms = np.sqrt((x * x).mean(axis=1, keepdims=True) + 1e-6)
    return x / rms * np.asarray(weight)
