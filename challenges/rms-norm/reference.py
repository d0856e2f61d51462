import numpy as np


def rms_norm(x, weight, eps=1e-6):
    """Divide each row of x by its root mean square, then scale feature by feature by weight."""
    x = np.asarray(x, dtype=np.float64)
    # No mean is subtracted: RMS norm rescales a row without re-centring it.
    mean_square = (x * x).mean(axis=1, keepdims=True)
    return x / np.sqrt(mean_square + eps) * np.asarray(weight, dtype=np.float64)
