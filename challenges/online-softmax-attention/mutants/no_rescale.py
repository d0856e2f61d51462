import numpy as np


def online_softmax_attention(Q, K, V, block_size):
    """Track the running max, but never rescale the running sum and output when it grows.

    Terms from earlier blocks stay relative to the old, smaller maximum, so they keep too
    much weight.
    """
    Q, K, V = (np.asarray(M, dtype=float) for M in (Q, K, V))
    n = Q.shape[0]
    running_max = np.full((n, 1), -np.inf)
    running_sum = np.zeros((n, 1))
    output = np.zeros((n, V.shape[1]))
    for start in range(0, K.shape[0], block_size):
        scores = Q @ K[start:start + block_size].T / np.sqrt(Q.shape[1])
        running_max = np.maximum(running_max, scores.max(axis=1, keepdims=True))
        exps = np.exp(scores - running_max)
        running_sum = running_sum + exps.sum(axis=1, keepdims=True)
        output = output + exps @ V[start:start + block_size]
    return output / running_sum
