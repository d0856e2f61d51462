import numpy as np


def alibi_attention(Q, K, V, num_heads):
    Q = np.asarray(Q, dtype=np.float32)
    K = np.asarray(K, dtype=np.float32)
    V = np.asarray(V, dtype=np.float32)
    n = Q.shape[0]
    i = np.arange(n)[:, None]
    j = np.arange(n)[None, :]
    distance = (i - j).astype(np.float32)
    future = j > i
    heads = []
    for h, (Qh, Kh, Vh) in enumerate(zip(np.split(Q, num_heads, axis=1),
                                         np.split(K, num_heads, axis=1),
                                         np.split(V, num_heads, axis=1), strict=True)):
        slope = np.float32(2.0 ** (-8 * (h + 1) / num_heads))
        scores = (Qh @ Kh.T) / np.sqrt(np.float32(Qh.shape[1])) - slope * distance
        scores = np.where(future, np.float32(-np.inf), scores)
        scores = scores - scores.max(axis=1, keepdims=True)
        weights = np.exp(scores)
        weights = weights / weights.sum(axis=1, keepdims=True)
        heads.append(weights @ Vh)
    return np.concatenate(heads, axis=1)
