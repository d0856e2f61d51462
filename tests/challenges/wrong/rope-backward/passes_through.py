import numpy as np


def rope_backward(X, positions, dY, base=10000.0):
    # RoPE has no parameters, so the gradient goes straight through
    return np.array(dY, dtype=np.float32)
