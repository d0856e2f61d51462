import numpy as np


def causal_attention(Q, K, V):
    Q, K, V = np.array(Q, float), np.array(K, float), np.array(V, float)
    n = len(Q)
    s = Q @ K.T / np.sqrt(K.shape[1])
    s[np.triu_indices(n, 1)] = -10000.0  # masked_fill with a large negative number
    s = s - s.max(axis=-1, keepdims=True)
    p = np.exp(s)
    return (p / p.sum(axis=-1, keepdims=True)) @ V
