import numpy as np


def tiled_attention(Q, K, V, block_size):
    """Skips the tiles after the diagonal but uses the diagonal tile whole: a query also sees
    the later keys of its own tile."""
    Q, K, V = (np.asarray(M, dtype=float) for M in (Q, K, V))
    n, b = Q.shape[0], block_size
    out = np.empty((n, V.shape[1]))
    for i0 in range(0, n, b):
        q = Q[i0:i0 + b] / np.sqrt(Q.shape[1])
        top = np.full((q.shape[0], 1), -np.inf)
        total = np.zeros((q.shape[0], 1))
        acc = np.zeros((q.shape[0], V.shape[1]))
        for j0 in range(0, min(i0 + b, n), b):
            scores = q @ K[j0:j0 + b].T
            new_top = np.maximum(top, scores.max(axis=1, keepdims=True))
            fade = np.exp(top - new_top)
            weights = np.exp(scores - new_top)
            total = total * fade + weights.sum(axis=1, keepdims=True)
            acc = acc * fade + weights @ V[j0:j0 + b]
            top = new_top
        out[i0:i0 + b] = acc / total
    return out
