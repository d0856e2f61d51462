import numpy as np


def tiled_attention(Q, K, V, block_size):
    Q = np.asarray(Q, dtype=np.float32)
    K = np.asarray(K, dtype=np.float32)
    V = np.asarray(V, dtype=np.float32)
    n, b = len(Q), block_size
    inv_sqrt_d = np.float32(1.0 / np.sqrt(Q.shape[1]))
    result = np.zeros((n, V.shape[1]), dtype=np.float32)
    for qs in range(0, n, b):
        qe = min(qs + b, n)
        q = Q[qs:qe] * inv_sqrt_d
        mu = np.full((qe - qs, 1), -np.inf, dtype=np.float32)
        ell = np.zeros((qe - qs, 1), dtype=np.float32)
        o = np.zeros((qe - qs, V.shape[1]), dtype=np.float32)
        for ks in range(0, qe, b):
            ke = min(ks + b, n)
            s = q @ K[ks:ke].T
            if ks == qs:
                future = np.arange(ks, ke)[None, :] > np.arange(qs, qe)[:, None]
                s = np.where(future, np.float32(-np.inf), s)
            mu_new = np.maximum(mu, s.max(axis=1, keepdims=True))
            c = np.exp(mu - mu_new)
            p = np.exp(s - mu_new)
            ell = c * ell + p.sum(axis=1, keepdims=True)
            o = c * o + p @ V[ks:ke]
            mu = mu_new
        result[qs:qe] = o / ell
    return result
