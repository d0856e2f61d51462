import numpy as np


def online_softmax_attention(Q, K, V, block_size):
    """Loop over m // block_size full blocks only: the shorter last block is skipped.

    When block_size > m there is no block at all and the result is 0 / 0 = nan.
    """
    Q, K, V = (np.asarray(M, dtype=float) for M in (Q, K, V))
    n = Q.shape[0]
    running_max = np.full((n, 1), -np.inf)
    running_sum = np.zeros((n, 1))
    output = np.zeros((n, V.shape[1]))
    for b in range(K.shape[0] // block_size):
        start = b * block_size
        scores = Q @ K[start:start + block_size].T / np.sqrt(Q.shape[1])
        new_max = np.maximum(running_max, scores.max(axis=1, keepdims=True))
        correction = np.exp(running_max - new_max)
        exps = np.exp(scores - new_max)
        running_sum = running_sum * correction + exps.sum(axis=1, keepdims=True)
        output = output * correction + exps @ V[start:start + block_size]
        running_max = new_max
    with np.errstate(invalid="ignore"):
        return output / running_sum
