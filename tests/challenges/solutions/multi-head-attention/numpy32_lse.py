import numpy as np


def multi_head_attention(X, Wq, Wk, Wv, Wo, num_heads, causal=False):
    X = np.asarray(X, dtype=np.float32)
    Q = X @ np.asarray(Wq, dtype=np.float32)
    K = X @ np.asarray(Wk, dtype=np.float32)
    V = X @ np.asarray(Wv, dtype=np.float32)
    n = X.shape[0]
    d = Q.shape[1] // num_heads
    dv = V.shape[1] // num_heads
    outputs = []
    for h in range(num_heads):
        q = Q[:, h * d:(h + 1) * d]
        k = K[:, h * d:(h + 1) * d]
        v = V[:, h * dv:(h + 1) * dv]
        scores = q @ k.T / np.sqrt(np.float32(d))
        if causal:
            future = np.triu(np.ones((n, n), dtype=bool), k=1)
            scores = np.where(future, np.float32(-np.inf), scores)
        m = scores.max(axis=1, keepdims=True)
        log_total = m + np.log(np.exp(scores - m).sum(axis=1, keepdims=True))
        outputs.append(np.exp(scores - log_total) @ v)
    return np.concatenate(outputs, axis=1) @ np.asarray(Wo, dtype=np.float32)
