import numpy as np


def grouped_query_attention(X, Wq, Wk, Wv, Wo, num_heads, num_kv_heads):
    X = np.asarray(X, dtype=np.float32)
    Q = X @ np.asarray(Wq, dtype=np.float32)
    K = X @ np.asarray(Wk, dtype=np.float32)
    V = X @ np.asarray(Wv, dtype=np.float32)
    d_h = Q.shape[1] // num_heads
    d_vh = V.shape[1] // num_kv_heads
    r = num_heads // num_kv_heads
    outputs = []
    for h in range(num_heads):
        g = h // r
        q = Q[:, h * d_h:(h + 1) * d_h]
        k = K[:, g * d_h:(g + 1) * d_h]
        v = V[:, g * d_vh:(g + 1) * d_vh]
        scores = q @ k.T / np.sqrt(np.float32(d_h))
        m = scores.max(axis=1, keepdims=True)
        log_total = m + np.log(np.exp(scores - m).sum(axis=1, keepdims=True))
        outputs.append(np.exp(scores - log_total) @ v)
    return np.concatenate(outputs, axis=1) @ np.asarray(Wo, dtype=np.float32)
