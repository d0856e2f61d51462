import numpy as np


def online_softmax_attention(Q, K, V, block_size):
    """Rescale the running sum when the max grows, but not the running output."""
    Q, K, V = (np.asarray(M, dtype=float) for M in (Q, K, V))
    n = Q.shape[0]
    running_max = np.full((n, 1), -np.inf)
    running_sum = np.zeros((n, 1))
    output = np.zeros((n, V.shape[1]))
    for start in range(0, K.shape[0], block_size):
        scores = Q @ K[start:start + block_size].T / np.sqrt(Q.shape[1])
        new_max = np.maximum(running_max, scores.max(axis=1, keepdims=True))
        exps = np.exp(scores - new_max)
        running_sum = running_sum * np.exp(running_max - new_max) + exps.sum(axis=1, keepdims=True)
        output = output + exps @ V[start:start + block_size]
        running_max = new_max
    return output / running_sum
