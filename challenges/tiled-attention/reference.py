import numpy as np


def tiled_attention(Q, K, V, block_size):
    """Causal attention, one block_size x block_size tile of scores at a time (online softmax).

    NumPy in float64: at the tested lengths a list-based loop would take hours.
    """
    Q, K, V = (np.asarray(M, dtype=np.float64) for M in (Q, K, V))
    n, b = Q.shape[0], block_size
    scale = np.sqrt(Q.shape[1])
    out = np.empty((n, V.shape[1]))
    for i0 in range(0, n, b):
        q = Q[i0:i0 + b] / scale
        rows = np.arange(i0, i0 + q.shape[0])[:, None]
        top = np.full((q.shape[0], 1), -np.inf)  # running maximum, one per query
        total = np.zeros((q.shape[0], 1))  # running sum of exp(score - top)
        acc = np.zeros((q.shape[0], V.shape[1]))  # running sum of exp(score - top) * value
        # Key tiles after the query tile are entirely in the future: the loop stops before them.
        for j0 in range(0, min(i0 + b, n), b):
            scores = q @ K[j0:j0 + b].T
            if j0 == i0:  # the diagonal tile: hide key j > query i
                scores[np.arange(j0, j0 + scores.shape[1]) > rows] = -np.inf
            new_top = np.maximum(top, scores.max(axis=1, keepdims=True))
            fade = np.exp(top - new_top)
            weights = np.exp(scores - new_top)
            total = total * fade + weights.sum(axis=1, keepdims=True)
            acc = acc * fade + weights @ V[j0:j0 + b]
            top = new_top
        out[i0:i0 + b] = acc / total
    return out
