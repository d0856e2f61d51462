import numpy as np


def rms_norm(x, weight, eps=1e-6):
    """Centres each row first, as layer norm does: (x - mean) / sqrt(var + eps) * weight."""
    x = np.asarray(x, dtype=float)
    centred = x - x.mean(axis=1, keepdims=True)
    return centred / np.sqrt((centred ** 2).mean(axis=1, keepdims=True) + eps) * np.asarray(weight)
