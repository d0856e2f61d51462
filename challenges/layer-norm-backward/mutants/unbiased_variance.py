import numpy as np


def layer_norm_backward(x, gamma, beta, dy, eps=1e-5):
    """Takes the unbiased variance (divided by d - 1, np.var(ddof=1), torch.var's default) for
    rstd and xhat, then applies the usual backward formula.

    A row of one feature divides 0 by 0 and gives nan, as np.var(ddof=1) does.
    """
    x = np.asarray(x, dtype=float)
    dy = np.asarray(dy, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        rstd = 1 / np.sqrt(np.var(x, axis=1, ddof=1, keepdims=True) + eps)
        xhat = (x - x.mean(axis=1, keepdims=True)) * rstd
        g = dy * np.asarray(gamma)
        dx = rstd * (g - g.mean(axis=1, keepdims=True)
                     - xhat * (g * xhat).mean(axis=1, keepdims=True))
    return dx, (dy * xhat).sum(axis=0), dy.sum(axis=0)
