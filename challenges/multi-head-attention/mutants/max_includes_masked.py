import numpy as np


def multi_head_attention(X, Wq, Wk, Wv, Wo, num_heads, causal=False):
    """Subtracts each row's maximum over ALL keys, future ones included, then (when causal)
    multiplies the exponentials by the mask and renormalises.

    When a future key scores far above every key the query sees, the visible exponentials
    underflow to 0 and the row becomes 0 / 0 = nan.
    """
    X = np.asarray(X, dtype=float)
    Q, K, V = X @ np.asarray(Wq, float), X @ np.asarray(Wk, float), X @ np.asarray(Wv, float)
    n = X.shape[0]
    visible = np.tril(np.ones((n, n))) if causal else np.ones((n, n))
    heads = []
    with np.errstate(invalid="ignore"):
        for q, k, v in zip(np.split(Q, num_heads, axis=1), np.split(K, num_heads, axis=1),
                           np.split(V, num_heads, axis=1), strict=True):
            scores = q @ k.T / np.sqrt(q.shape[1])
            exps = np.exp(scores - scores.max(axis=1, keepdims=True)) * visible
            heads.append(exps / exps.sum(axis=1, keepdims=True) @ v)
        return np.concatenate(heads, axis=1) @ np.asarray(Wo, float)
