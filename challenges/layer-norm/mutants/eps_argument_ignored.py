import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    """Always adds 1e-5, whatever eps the caller passes."""
    x = np.asarray(x, dtype=float)
    mean = x.mean(axis=1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=1, keepdims=True)
    return (x - mean) / np.sqrt(var + 1e-5) * np.asarray(gamma) + np.asarray(beta)
