import numpy as np


def rms_norm(x, weight, eps=1e-6):
    """Divides by the mean square plus eps, forgetting the square root."""
    x = np.asarray(x, dtype=float)
    return x / ((x * x).mean(axis=1, keepdims=True) + eps) * np.asarray(weight)
