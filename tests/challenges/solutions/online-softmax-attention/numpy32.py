import numpy as np


def online_softmax_attention(Q, K, V, block_size):
    Q = np.asarray(Q, dtype=np.float32)
    K = np.asarray(K, dtype=np.float32)
    V = np.asarray(V, dtype=np.float32)
    n, m = Q.shape[0], K.shape[0]
    scale = np.sqrt(np.float32(Q.shape[1]))
    mu = np.full((n, 1), -np.inf, dtype=np.float32)
    total = np.zeros((n, 1), dtype=np.float32)
    acc = np.zeros((n, V.shape[1]), dtype=np.float32)
    for start in range(0, m, block_size):
        Kb = K[start:start + block_size]
        Vb = V[start:start + block_size]
        scores = (Q @ Kb.T) / scale
        new_mu = np.maximum(mu, scores.max(axis=1, keepdims=True))
        c = np.exp(mu - new_mu)
        e = np.exp(scores - new_mu)
        total = c * total + e.sum(axis=1, keepdims=True)
        acc = c * acc + e @ Vb
        mu = new_mu
    return acc / total
