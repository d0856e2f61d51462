import numpy as np


def multi_head_attention(X, Wq, Wk, Wv, Wo, num_heads, causal=False):
    X = np.array(X, dtype=np.float32)
    n = len(X)

    def split(M):  # (n, D) -> (heads, n, D / heads)
        return M.reshape(n, num_heads, -1).swapaxes(0, 1)

    q, k, v = split(X @ np.float32(Wq)), split(X @ np.float32(Wk)), split(X @ np.float32(Wv))
    att = np.einsum("hid,hjd->hij", q, k) / np.sqrt(q.shape[-1])
    if causal:
        att[:, np.triu(np.ones((n, n), dtype=bool), 1)] = -np.inf
    att = np.exp(att - att.max(-1, keepdims=True))
    att /= att.sum(-1, keepdims=True)
    heads = att @ v
    return heads.reshape(n, -1) @ np.float32(Wo)
