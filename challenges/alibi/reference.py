import numpy as np


def alibi_attention(Q, K, V, num_heads):
    """Causal multi-head attention with ALiBi: head h subtracts 2^(-8(h+1)/H) * (i - j)."""
    Q = np.asarray(Q, dtype=np.float64)
    K = np.asarray(K, dtype=np.float64)
    V = np.asarray(V, dtype=np.float64)
    n = Q.shape[0]
    d = Q.shape[1] // num_heads
    dv = V.shape[1] // num_heads
    i, j = np.arange(n)[:, None], np.arange(n)[None, :]
    distance = i - j  # how far back key j is from query i
    heads = []
    for h in range(num_heads):
        slope = 2.0 ** (-8.0 * (h + 1) / num_heads)
        q, k, v = Q[:, h * d:(h + 1) * d], K[:, h * d:(h + 1) * d], V[:, h * dv:(h + 1) * dv]
        scores = q @ k.T / np.sqrt(d) - slope * distance
        scores = np.where(j <= i, scores, -np.inf)  # the bias does not replace the causal mask
        exps = np.exp(scores - scores.max(axis=1, keepdims=True))
        heads.append(exps / exps.sum(axis=1, keepdims=True) @ v)
    return np.concatenate(heads, axis=1)
