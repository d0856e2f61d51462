import numpy as np


def tiled_attention(Q, K, V, block_size):
    """Counts the tiles as n // block_size, so a ragged last tile of queries is never done."""
    Q, K, V = (np.asarray(M, dtype=np.float64) for M in (Q, K, V))
    n, d = Q.shape
    tiles = n // block_size
    out = np.zeros((n, V.shape[1]))
    for t in range(tiles):
        rows = slice(t * block_size, (t + 1) * block_size)
        q = Q[rows] / np.sqrt(d)
        m = np.full(block_size, -np.inf)
        total = np.zeros(block_size)
        acc = np.zeros((block_size, V.shape[1]))
        for u in range(t + 1):
            cols = slice(u * block_size, (u + 1) * block_size)
            s = q @ K[cols].T
            if u == t:
                s = np.where(np.tril(np.ones((block_size, block_size), bool)), s, -np.inf)
            m2 = np.maximum(m, s.max(axis=1))
            total = total * np.exp(m - m2) + np.exp(s - m2[:, None]).sum(axis=1)
            acc = acc * np.exp(m - m2)[:, None] + np.exp(s - m2[:, None]) @ V[cols]
            m = m2
        out[rows] = acc / total[:, None]
    return out
