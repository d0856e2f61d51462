import numpy as np


def multi_head_attention(X, Wq, Wk, Wv, Wo, num_heads, causal=False):
    X, Wq, Wk, Wv, Wo = (np.asarray(a, dtype=np.float32) for a in (X, Wq, Wk, Wv, Wo))
    n = X.shape[0]
    Q = X @ Wq
    K = X @ Wk
    V = X @ Wv
    heads = []
    for Qh, Kh, Vh in zip(np.split(Q, num_heads, axis=1), np.split(K, num_heads, axis=1),
                          np.split(V, num_heads, axis=1), strict=True):
        scores = (Qh @ Kh.T) / np.sqrt(np.float32(Qh.shape[1]))
        if causal:
            future = np.triu(np.ones((n, n), dtype=bool), k=1)
            scores = np.where(future, np.float32(-np.inf), scores)
        scores = scores - scores.max(axis=1, keepdims=True)
        weights = np.exp(scores)
        weights = weights / weights.sum(axis=1, keepdims=True)
        heads.append(weights @ Vh)
    return np.concatenate(heads, axis=1) @ Wo
