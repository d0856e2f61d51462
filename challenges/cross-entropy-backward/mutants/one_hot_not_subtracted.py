import numpy as np


def cross_entropy_backward(logits, targets):
    """Returns softmax(logits) / B: the one-hot targets are never subtracted."""
    z = np.asarray(logits, dtype=float)
    p = np.exp(z - z.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    return p / len(z)
