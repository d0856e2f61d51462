import numpy as np


def tiled_attention(Q, K, V, block_size):
    """Forgets to multiply the old sum and accumulator by exp(old max - new max)."""
    Q = np.asarray(Q, dtype=np.float32)
    K = np.asarray(K, dtype=np.float32)
    V = np.asarray(V, dtype=np.float32)
    n, d = Q.shape
    out = np.zeros((n, V.shape[1]), dtype=np.float32)
    for qs in range(0, n, block_size):
        q = Q[qs:qs + block_size] / np.sqrt(np.float32(d))
        m = np.full((len(q), 1), -np.inf, dtype=np.float32)
        total = np.zeros((len(q), 1), dtype=np.float32)
        acc = np.zeros((len(q), V.shape[1]), dtype=np.float32)
        for ks in range(0, qs + len(q), block_size):
            s = q @ K[ks:ks + block_size].T
            if ks == qs:
                s = s + np.triu(np.full((len(q), s.shape[1]), -np.inf, dtype=np.float32), 1)
            m = np.maximum(m, s.max(axis=1, keepdims=True))
            p = np.exp(s - m)
            total += p.sum(axis=1, keepdims=True)
            acc += p @ V[ks:ks + block_size]
        out[qs:qs + len(q)] = acc / total
    return out
