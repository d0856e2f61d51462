import numpy as np


def online_softmax_attention(Q, K, V, block_size):
    """Attention computed one block of keys at a time, with a running max, sum and output."""
    Q = np.asarray(Q, dtype=np.float64)
    K = np.asarray(K, dtype=np.float64)
    V = np.asarray(V, dtype=np.float64)
    n, m = Q.shape[0], K.shape[0]
    running_max = np.full((n, 1), -np.inf)
    running_sum = np.zeros((n, 1))
    output = np.zeros((n, V.shape[1]))  # sum_j exp(s_ij - running_max) V_j so far
    for start in range(0, m, block_size):  # the last block may be shorter
        scores = Q @ K[start:start + block_size].T / np.sqrt(Q.shape[1])
        new_max = np.maximum(running_max, scores.max(axis=1, keepdims=True))
        # Everything accumulated so far was relative to the old max: move it to the new one.
        # On the first block the old max is -inf and exp(-inf) = 0 clears the empty sums.
        correction = np.exp(running_max - new_max)
        exps = np.exp(scores - new_max)
        running_sum = running_sum * correction + exps.sum(axis=1, keepdims=True)
        output = output * correction + exps @ V[start:start + block_size]
        running_max = new_max
    return output / running_sum
