import numpy as np


def causal_attention(Q, K, V):
    # half precision: half the memory, "good enough" for attention
    Q, K, V = (np.asarray(x, dtype=np.float16) for x in (Q, K, V))
    n = Q.shape[0]
    scores = Q @ K.T / np.float16(np.sqrt(Q.shape[1]))
    scores[np.triu(np.ones((n, n), dtype=bool), 1)] = -np.inf
    weights = np.exp(scores - scores.max(axis=1, keepdims=True))
    weights /= weights.sum(axis=1, keepdims=True)
    return weights @ V
