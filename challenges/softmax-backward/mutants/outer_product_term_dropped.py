import numpy as np


def softmax_backward(x, dy):
    """Keeps only the diag(y) part of the Jacobian diag(y) - y y^T: dx = y * dy."""
    x = np.asarray(x, dtype=float)
    y = np.exp(x - x.max())
    y /= y.sum()
    return y * np.asarray(dy, dtype=float)
