import numpy as np


def tiled_attention(Q, K, V, block_size):
    """Float64, keys visited tile by tile for all queries of a tile at once."""
    Q, K, V = np.array(Q, float), np.array(K, float), np.array(V, float)
    n, d = Q.shape
    out = []
    for t in range(0, n, block_size):
        idx = np.arange(t, min(t + block_size, n))
        best = np.full(len(idx), -np.inf)
        denom = np.zeros(len(idx))
        numer = np.zeros((len(idx), V.shape[1]))
        for u in range(0, t + 1, block_size):
            keys = np.arange(u, min(u + block_size, n))
            s = Q[idx] @ K[keys].T / np.sqrt(d)
            s[keys[None, :] > idx[:, None]] = -np.inf
            new_best = np.maximum(best, s.max(axis=1))
            shrink = np.exp(best - new_best)
            e = np.exp(s - new_best[:, None])
            denom = denom * shrink + e.sum(axis=1)
            numer = numer * shrink[:, None] + e @ V[keys]
            best = new_best
        out.append(numer / denom[:, None])
    return np.vstack(out)
