import numpy as np


def online_softmax_attention(Q, K, V, block_size):
    """Compute the new max for each block but never store it: `running_max = new_max` is missing.

    The running max stays -inf, the correction exp(-inf - new_max) is 0 on every block, and
    each block wipes out the ones before it: only the last block counts.
    """
    Q, K, V = (np.asarray(M, dtype=float) for M in (Q, K, V))
    n = Q.shape[0]
    running_max = np.full((n, 1), -np.inf)
    running_sum = np.zeros((n, 1))
    output = np.zeros((n, V.shape[1]))
    for start in range(0, K.shape[0], block_size):
        scores = Q @ K[start:start + block_size].T / np.sqrt(Q.shape[1])
        new_max = np.maximum(running_max, scores.max(axis=1, keepdims=True))
        correction = np.exp(running_max - new_max)
        exps = np.exp(scores - new_max)
        running_sum = running_sum * correction + exps.sum(axis=1, keepdims=True)
        output = output * correction + exps @ V[start:start + block_size]
    return output / running_sum
