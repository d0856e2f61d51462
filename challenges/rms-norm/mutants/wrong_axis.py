import numpy as np


def rms_norm(x, weight, eps=1e-6):
    """Takes the mean square of each column (over the rows of the batch) instead of each row."""
    x = np.asarray(x, dtype=float)
    return x / np.sqrt((x * x).mean(axis=0, keepdims=True) + eps) * np.asarray(weight)
