import numpy as np


def rms_norm_backward(x, weight, dy, eps=1e-6):
    """Computes the RMS as sqrt(mean(x^2)), without eps; a row of zeros gives 0 * inf = nan."""
    x = np.asarray(x, dtype=float)
    dy = np.asarray(dy, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        r = 1 / np.sqrt((x * x).mean(axis=1, keepdims=True))
        g = dy * np.asarray(weight)
        dx = r * (g - x * r * r * (g * x).mean(axis=1, keepdims=True))
        return dx, (dy * x * r).sum(axis=0)
