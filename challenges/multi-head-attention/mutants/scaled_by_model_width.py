import numpy as np


def multi_head_attention(X, Wq, Wk, Wv, Wo, num_heads, causal=False):
    """Scales every head's scores by sqrt(d_model) instead of sqrt(d_head)."""
    X = np.asarray(X, dtype=float)
    Q, K, V = X @ np.asarray(Wq, float), X @ np.asarray(Wk, float), X @ np.asarray(Wv, float)
    n = X.shape[0]
    heads = []
    for q, k, v in zip(np.split(Q, num_heads, axis=1), np.split(K, num_heads, axis=1),
                       np.split(V, num_heads, axis=1), strict=True):
        scores = q @ k.T / np.sqrt(X.shape[1])
        if causal:
            scores = np.where(np.tril(np.ones((n, n), dtype=bool)), scores, -np.inf)
        exps = np.exp(scores - scores.max(axis=1, keepdims=True))
        heads.append(exps / exps.sum(axis=1, keepdims=True) @ v)
    return np.concatenate(heads, axis=1) @ np.asarray(Wo, float)
