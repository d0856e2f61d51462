import numpy as np


def tiled_attention(Q, K, V, block_size):
    """Raises the running maximum tile by tile but never rescales the running total and
    output: terms from earlier tiles keep the scale of the old, smaller maximum."""
    Q, K, V = (np.asarray(M, dtype=float) for M in (Q, K, V))
    n, b = Q.shape[0], block_size
    out = np.empty((n, V.shape[1]))
    for i0 in range(0, n, b):
        q = Q[i0:i0 + b] / np.sqrt(Q.shape[1])
        rows = np.arange(i0, i0 + q.shape[0])[:, None]
        top = np.full((q.shape[0], 1), -np.inf)
        total = np.zeros((q.shape[0], 1))
        acc = np.zeros((q.shape[0], V.shape[1]))
        for j0 in range(0, min(i0 + b, n), b):
            scores = q @ K[j0:j0 + b].T
            if j0 == i0:
                scores[np.arange(j0, j0 + scores.shape[1]) > rows] = -np.inf
            top = np.maximum(top, scores.max(axis=1, keepdims=True))
            weights = np.exp(scores - top)
            total = total + weights.sum(axis=1, keepdims=True)
            acc = acc + weights @ V[j0:j0 + b]
        out[i0:i0 + b] = acc / total
    return out
