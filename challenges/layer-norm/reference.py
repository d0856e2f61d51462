import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    """Normalise each row of x to mean 0 and variance 1, then scale by gamma and shift by beta."""
    x = np.asarray(x, dtype=np.float64)
    mean = x.mean(axis=1, keepdims=True)  # one mean per row: over the features, not the batch
    var = ((x - mean) ** 2).mean(axis=1, keepdims=True)  # biased: divided by d, not d - 1
    normalised = (x - mean) / np.sqrt(var + eps)  # eps inside the square root
    return normalised * np.asarray(gamma, dtype=np.float64) + np.asarray(beta, dtype=np.float64)
