import numpy as np


def rms_norm(x, weight, eps=1e-6):
    """Divides by the Euclidean norm sqrt(sum(x^2) + eps): the sum is never divided by d."""
    x = np.asarray(x, dtype=float)
    return x / np.sqrt((x * x).sum(axis=1, keepdims=True) + eps) * np.asarray(weight)
