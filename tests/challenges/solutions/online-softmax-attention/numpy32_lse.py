import numpy as np


def online_softmax_attention(Q, K, V, block_size):
    """Online softmax that carries a running log-sum-exp per query instead of (max, sum)."""
    Q = np.asarray(Q, dtype=np.float32)
    K = np.asarray(K, dtype=np.float32)
    V = np.asarray(V, dtype=np.float32)
    n, m = Q.shape[0], K.shape[0]
    scale = np.sqrt(np.float32(Q.shape[1]))
    lse = np.full((n, 1), -np.inf, dtype=np.float32)
    out = np.zeros((n, V.shape[1]), dtype=np.float32)  # already divided by exp(lse)
    for start in range(0, m, block_size):
        scores = Q @ K[start:start + block_size].T / scale
        block_max = scores.max(axis=1, keepdims=True)
        block_lse = block_max + np.log(np.exp(scores - block_max).sum(axis=1, keepdims=True))
        new_lse = np.logaddexp(lse, block_lse)
        out = out * np.exp(lse - new_lse) + np.exp(scores - new_lse) @ V[start:start + block_size]
        lse = new_lse
    return out
