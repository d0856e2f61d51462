import numpy as np


def online_softmax_attention(Q, K, V, block_size):
    Q = np.asarray(Q, dtype=np.float32)
    K = np.asarray(K, dtype=np.float32)
    V = np.asarray(V, dtype=np.float32)
    d = Q.shape[1]
    m = total = o = None
    for b in range(0, len(K), block_size):
        s = Q @ K[b:b + block_size].T / np.sqrt(d)
        if m is None:  # first block: nothing to correct yet
            m = s.max(axis=1, keepdims=True)
            p = np.exp(s - m)
            total, o = p.sum(axis=1, keepdims=True), p @ V[b:b + block_size]
            continue
        m_new = np.maximum(m, s.max(axis=1, keepdims=True))
        c = np.exp(m_new - m)
        p = np.exp(s - m_new)
        total = c * total + p.sum(axis=1, keepdims=True)
        o = c * o + p @ V[b:b + block_size]
        m = m_new
    return o / total
