import numpy as np


def rms_norm(x, weight, eps=1e-6):
    x = np.asarray(x, dtype=np.float32)
    norm = np.sqrt(np.mean(np.square(x), axis=-1, keepdims=True))
    return x / norm * np.asarray(weight, dtype=np.float32)
