import numpy as np


def grouped_query_attention(X, Wq, Wk, Wv, Wo, num_heads, num_kv_heads):
    """Subtracts one maximum for each head's whole score matrix instead of one per row.

    When one row's scores are near 10000 and another's near 0, every exponential of the low
    row underflows to 0 and that row becomes 0 / 0 = nan.
    """
    X = np.asarray(X, dtype=float)
    Q, K, V = (X @ np.asarray(W, dtype=float) for W in (Wq, Wk, Wv))
    d_head = Q.shape[1] // num_heads
    dv_head = V.shape[1] // num_kv_heads
    group = num_heads // num_kv_heads
    heads = []
    for h in range(num_heads):
        g = h // group
        q = Q[:, h * d_head:(h + 1) * d_head]
        k = K[:, g * d_head:(g + 1) * d_head]
        v = V[:, g * dv_head:(g + 1) * dv_head]
        scores = q @ k.T / np.sqrt(d_head)
        exps = np.exp(scores - scores.max())
        with np.errstate(invalid="ignore"):
            heads.append(exps / exps.sum(axis=1, keepdims=True) @ v)
    return np.concatenate(heads, axis=1) @ np.asarray(Wo, dtype=float)
