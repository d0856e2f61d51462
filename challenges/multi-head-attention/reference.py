import numpy as np


def multi_head_attention(X, Wq, Wk, Wv, Wo, num_heads, causal=False):
    """Return multi-head (self-)attention: concat(head_1, ..., head_h) Wo."""
    X = np.asarray(X, dtype=np.float64)
    Q = X @ np.asarray(Wq, dtype=np.float64)
    K = X @ np.asarray(Wk, dtype=np.float64)
    V = X @ np.asarray(Wv, dtype=np.float64)
    n = X.shape[0]
    visible = np.tril(np.ones((n, n), dtype=bool)) if causal else np.ones((n, n), dtype=bool)
    heads = []
    # Head h owns the h-th block of contiguous columns of Q, K and V (axis=1, not the rows).
    for q, k, v in zip(np.split(Q, num_heads, axis=1), np.split(K, num_heads, axis=1),
                       np.split(V, num_heads, axis=1), strict=True):
        scores = q @ k.T / np.sqrt(q.shape[1])  # sqrt(d_head), the width of one head
        scores = np.where(visible, scores, -np.inf)
        exps = np.exp(scores - scores.max(axis=1, keepdims=True))
        heads.append(exps / exps.sum(axis=1, keepdims=True) @ v)
    return np.concatenate(heads, axis=1) @ np.asarray(Wo, dtype=np.float64)
