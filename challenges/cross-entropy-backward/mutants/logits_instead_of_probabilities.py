import numpy as np


def cross_entropy_backward(logits, targets):
    """Subtracts the one-hot targets from the logits themselves, never taking their softmax:
    (logits - one_hot) / B."""
    g = np.array(logits, dtype=float)
    g[np.arange(len(g)), targets] -= 1.0
    return g / len(g)
