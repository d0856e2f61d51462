import numpy as np


def causal_attention_backward(Q, K, V, dO):
    Q, K, V, dO = (np.asarray(x, dtype=np.float32) for x in (Q, K, V, dO))
    n = Q.shape[0]
    scale = np.float32(1.0 / np.sqrt(Q.shape[1]))
    scores = (Q @ K.T) * scale
    scores[np.triu_indices(n, k=1)] = -np.inf
    p = np.exp(scores - scores.max(axis=1)[:, None])
    p /= p.sum(axis=1)[:, None]
    dp = dO @ V.T
    ds = p * (dp - (p * dp).sum(axis=1)[:, None])
    return (ds @ K) * scale, (ds.T @ Q) * scale, p.T @ dO
