import numpy as np


def alibi_attention(Q, K, V, num_heads):
    """Take the causal softmax first, then add the penalty -slope * (i - j) to the weights."""
    Q, K, V = (np.asarray(M, dtype=float) for M in (Q, K, V))
    n = Q.shape[0]
    d, dv = Q.shape[1] // num_heads, V.shape[1] // num_heads
    i, j = np.arange(n)[:, None], np.arange(n)[None, :]
    heads = []
    for h in range(num_heads):
        slope = 2.0 ** (-8.0 * (h + 1) / num_heads)
        q, k, v = Q[:, h * d:(h + 1) * d], K[:, h * d:(h + 1) * d], V[:, h * dv:(h + 1) * dv]
        scores = np.where(j <= i, q @ k.T / np.sqrt(d), -np.inf)
        exps = np.exp(scores - scores.max(axis=1, keepdims=True))
        weights = exps / exps.sum(axis=1, keepdims=True)
        weights = weights - np.where(j <= i, slope * (i - j), 0.0)
        heads.append(weights @ v)
    return np.concatenate(heads, axis=1)
