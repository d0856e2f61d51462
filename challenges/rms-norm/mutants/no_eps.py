import numpy as np


def rms_norm(x, weight, eps=1e-6):
    """Divides by sqrt(mean square) with no eps: a row of zeros becomes 0 / 0 = nan."""
    x = np.asarray(x, dtype=float)
    rms = np.sqrt((x * x).mean(axis=1, keepdims=True))
    with np.errstate(divide="ignore", invalid="ignore"):
        return x / rms * np.asarray(weight)
