import numpy as np


def softmax_rows(scores):
    """Return the row-wise softmax of a matrix, shifted by each row's maximum."""
    exps = np.exp(scores - scores.max(axis=1, keepdims=True))
    return exps / exps.sum(axis=1, keepdims=True)


def grouped_query_attention(X, Wq, Wk, Wv, Wo, num_heads, num_kv_heads):
    """Multi-head attention in which groups of query heads share one key/value head."""
    X = np.asarray(X, dtype=np.float64)
    Q = X @ np.asarray(Wq, dtype=np.float64)
    K = X @ np.asarray(Wk, dtype=np.float64)
    V = X @ np.asarray(Wv, dtype=np.float64)
    d_head = Q.shape[1] // num_heads
    dv_head = V.shape[1] // num_kv_heads
    group = num_heads // num_kv_heads  # query heads per key/value head
    heads = []
    for h in range(num_heads):
        g = h // group  # consecutive query heads share a key/value head
        q = Q[:, h * d_head:(h + 1) * d_head]
        k = K[:, g * d_head:(g + 1) * d_head]
        v = V[:, g * dv_head:(g + 1) * dv_head]
        heads.append(softmax_rows(q @ k.T / np.sqrt(d_head)) @ v)
    return np.concatenate(heads, axis=1) @ np.asarray(Wo, dtype=np.float64)
