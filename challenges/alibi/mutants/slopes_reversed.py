import numpy as np


def alibi_attention(Q, K, V, num_heads):
    """Give the slopes to the heads in reverse: head 0 gets 2^-8, the last head 2^(-8/H)."""
    Q, K, V = (np.asarray(M, dtype=float) for M in (Q, K, V))
    n = Q.shape[0]
    d, dv = Q.shape[1] // num_heads, V.shape[1] // num_heads
    i, j = np.arange(n)[:, None], np.arange(n)[None, :]
    heads = []
    for h in range(num_heads):
        slope = 2.0 ** (-8.0 * (num_heads - h) / num_heads)
        q, k, v = Q[:, h * d:(h + 1) * d], K[:, h * d:(h + 1) * d], V[:, h * dv:(h + 1) * dv]
        scores = q @ k.T / np.sqrt(d) - slope * (i - j)
        scores = np.where(j <= i, scores, -np.inf)
        exps = np.exp(scores - scores.max(axis=1, keepdims=True))
        heads.append(exps / exps.sum(axis=1, keepdims=True) @ v)
    return np.concatenate(heads, axis=1)
