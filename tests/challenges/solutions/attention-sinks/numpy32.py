import numpy as np

ROWS = 128


def sink_attention(Q, K, V, sinks, window):
    Q = np.asarray(Q, dtype=np.float32)
    K = np.asarray(K, dtype=np.float32)
    V = np.asarray(V, dtype=np.float32)
    n, d = Q.shape
    out = np.empty((n, V.shape[1]), dtype=np.float32)
    for a in range(0, n, ROWS):
        z = min(n, a + ROWS)
        first_recent = max(0, a - window + 1)
        cols = np.r_[0:min(sinks, first_recent), first_recent:z]
        s = Q[a:z] @ K[cols].T / np.float32(np.sqrt(d))
        q_pos = np.arange(a, z)[:, None]
        k_pos = cols[None, :]
        seen = (k_pos <= q_pos) & ((k_pos < sinks) | (k_pos > q_pos - window))
        s = np.where(seen, s, np.float32(-np.inf))
        e = np.exp(s - s.max(axis=1, keepdims=True))
        out[a:z] = e @ V[cols] / e.sum(axis=1, keepdims=True)
    return out
