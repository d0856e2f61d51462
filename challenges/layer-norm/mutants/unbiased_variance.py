import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    """Divides the squared deviations by d - 1 (ddof=1) instead of d.

    A row of one feature then divides 0 by 0 and becomes nan, as np.var(ddof=1) does.
    """
    x = np.asarray(x, dtype=float)
    mean = x.mean(axis=1, keepdims=True)
    with np.errstate(divide="ignore", invalid="ignore"):
        var = ((x - mean) ** 2).sum(axis=1, keepdims=True) / (x.shape[1] - 1)
        return (x - mean) / np.sqrt(var + eps) * np.asarray(gamma) + np.asarray(beta)
