import numpy as np


def alibi_attention(Q, K, V, num_heads):
    Q, K, V = np.asarray(Q, np.float32), np.asarray(K, np.float32), np.asarray(V, np.float32)
    n, H = len(Q), num_heads
    q = Q.reshape(n, H, -1).transpose(1, 0, 2)
    k = K.reshape(n, H, -1).transpose(1, 0, 2)
    v = V.reshape(n, H, -1).transpose(1, 0, 2)
    slopes = 2.0 ** (-8.0 * np.arange(1, H + 1) / H)
    rel = np.arange(n)[:, None] - np.arange(n)[None, :]
    s = q @ k.transpose(0, 2, 1) / np.sqrt(q.shape[-1]) - slopes[:, None, None] * rel
    s = s + np.where(rel >= 0, 0.0, -1e4)  # causal mask
    s = s - s.max(-1, keepdims=True)
    p = np.exp(s)
    p = p / p.sum(-1, keepdims=True)
    return (p @ v).transpose(1, 0, 2).reshape(n, -1)
