import numpy as np


def multi_head_attention(X, Wq, Wk, Wv, Wo, num_heads, causal=False):
    X = np.asarray(X, dtype=float)
    n = X.shape[0]
    heads_q = (X @ np.asarray(Wq)).reshape(num_heads, n, -1)
    heads_k = (X @ np.asarray(Wk)).reshape(num_heads, n, -1)
    heads_v = (X @ np.asarray(Wv)).reshape(num_heads, n, -1)
    outs = []
    for q, k, v in zip(heads_q, heads_k, heads_v, strict=True):
        s = q @ k.T / np.sqrt(q.shape[1])
        if causal:
            s = s + np.where(np.tril(np.ones((n, n))) > 0, 0.0, -np.inf)
        w = np.exp(s - s.max(axis=1, keepdims=True))
        outs.append((w / w.sum(axis=1, keepdims=True)) @ v)
    merged = np.stack(outs, axis=1).reshape(n, -1)  # (n, heads, w) -> (n, D)
    return merged @ np.asarray(Wo)
