import numpy as np


def cross_entropy_backward(logits, targets):
    """Differentiates the sum of the per-example losses: no division by the batch size B."""
    z = np.asarray(logits, dtype=float)
    p = np.exp(z - z.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    p[np.arange(len(z)), targets] -= 1.0
    return p
