import numpy as np


def grouped_query_attention(X, Wq, Wk, Wv, Wo, num_heads, num_kv_heads):
    """Query head h uses key/value head h // num_kv_heads instead of h // group size.

    The two agree only when num_heads == num_kv_heads ** 2. When h // num_kv_heads runs past
    the last key/value head, the slices are empty and the matrix product raises ValueError.
    """
    X = np.asarray(X, dtype=float)
    Q, K, V = (X @ np.asarray(W, dtype=float) for W in (Wq, Wk, Wv))
    d_head = Q.shape[1] // num_heads
    dv_head = V.shape[1] // num_kv_heads
    heads = []
    for h in range(num_heads):
        g = h // num_kv_heads
        q = Q[:, h * d_head:(h + 1) * d_head]
        k = K[:, g * d_head:(g + 1) * d_head]
        v = V[:, g * dv_head:(g + 1) * dv_head]
        scores = q @ k.T / np.sqrt(d_head)
        exps = np.exp(scores - scores.max(axis=1, keepdims=True))
        heads.append(exps / exps.sum(axis=1, keepdims=True) @ v)
    return np.concatenate(heads, axis=1) @ np.asarray(Wo, dtype=float)
