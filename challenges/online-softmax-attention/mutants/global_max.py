import numpy as np


def online_softmax_attention(Q, K, V, block_size):
    """Keeps one running maximum for all the queries together instead of one per query.

    When one query's scores are near 10000 and another's near 0, every exponential of the low
    row underflows to 0 and that row becomes 0 / 0 = nan.
    """
    Q, K, V = (np.asarray(M, dtype=float) for M in (Q, K, V))
    n = Q.shape[0]
    running_max = -np.inf
    running_sum = np.zeros((n, 1))
    output = np.zeros((n, V.shape[1]))
    for start in range(0, K.shape[0], block_size):
        scores = Q @ K[start:start + block_size].T / np.sqrt(Q.shape[1])
        new_max = max(running_max, scores.max())
        correction = np.exp(running_max - new_max)
        exps = np.exp(scores - new_max)
        running_sum = running_sum * correction + exps.sum(axis=1, keepdims=True)
        output = output * correction + exps @ V[start:start + block_size]
        running_max = new_max
    with np.errstate(invalid="ignore"):
        return output / running_sum
