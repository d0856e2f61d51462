import numpy as np


def tiled_attention(Q, K, V, block_size):
    """Right answer, wrong cost: the whole n x n score matrix, masked, then one softmax."""
    Q, K, V = (np.asarray(M, dtype=np.float32) for M in (Q, K, V))
    n = len(Q)
    scores = Q @ K.T / np.float32(np.sqrt(Q.shape[1]))
    scores[np.triu_indices(n, 1)] = -np.inf
    scores = np.exp(scores - scores.max(axis=1, keepdims=True))
    return scores / scores.sum(axis=1, keepdims=True) @ V
