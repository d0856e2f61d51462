import numpy as np


def cross_entropy_backward(logits, targets):
    """Takes the softmax of each column, over the batch, instead of each row over its classes."""
    z = np.asarray(logits, dtype=float)
    p = np.exp(z - z.max(axis=0, keepdims=True))
    p /= p.sum(axis=0, keepdims=True)
    p[np.arange(len(z)), targets] -= 1.0
    return p / len(z)
