import numpy as np


def causal_attention(Q, K, V):
    Q = np.asarray(Q, dtype=np.float32)
    K = np.asarray(K, dtype=np.float32)
    V = np.asarray(V, dtype=np.float32)
    n = Q.shape[0]
    scores = (Q @ K.T) / np.sqrt(np.float32(Q.shape[1]))
    future = np.triu(np.ones((n, n), dtype=bool), k=1)  # j > i
    scores = np.where(future, np.float32(-np.inf), scores)
    scores = scores - scores.max(axis=1, keepdims=True)
    weights = np.exp(scores)
    weights = weights / weights.sum(axis=1, keepdims=True)
    return weights @ V
