import numpy as np


def multi_head_attention(X, Wq, Wk, Wv, Wo, num_heads, causal=False):
    """Head i takes the strided columns i, i + h, i + 2h, ... of Q, K and V (and its output goes
    back to those columns) instead of a contiguous block of columns."""
    X = np.asarray(X, dtype=float)
    n, h = X.shape[0], num_heads
    Q, K, V = (X @ np.asarray(W, float) for W in (Wq, Wk, Wv))
    out = np.empty_like(V)
    for i in range(h):
        q, k, v = Q[:, i::h], K[:, i::h], V[:, i::h]
        scores = q @ k.T / np.sqrt(q.shape[1])
        if causal:
            scores = np.where(np.tril(np.ones((n, n), dtype=bool)), scores, -np.inf)
        exps = np.exp(scores - scores.max(axis=1, keepdims=True))
        out[:, i::h] = exps / exps.sum(axis=1, keepdims=True) @ v
    return out @ np.asarray(Wo, float)
