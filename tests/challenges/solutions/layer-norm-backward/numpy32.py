import numpy as np


def layer_norm_backward(x, gamma, beta, dy, eps=1e-5):
    x = np.array(x, dtype=np.float32)
    dy = np.array(dy, dtype=np.float32)
    gamma = np.array(gamma, dtype=np.float32)
    d = x.shape[-1]
    centred = x - x.mean(axis=-1, keepdims=True)
    inv_std = 1.0 / np.sqrt((centred * centred).mean(axis=-1, keepdims=True) + np.float32(eps))
    xhat = centred * inv_std
    g = dy * gamma
    dx = inv_std / d * (d * g - g.sum(axis=-1, keepdims=True)
                        - xhat * (g * xhat).sum(axis=-1, keepdims=True))
    return dx, (dy * xhat).sum(axis=0), dy.sum(axis=0)
