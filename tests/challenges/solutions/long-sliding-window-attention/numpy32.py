import numpy as np

CHUNK = 128


def sliding_window_attention(Q, K, V, window):
    Q = np.asarray(Q, dtype=np.float32)
    K = np.asarray(K, dtype=np.float32)
    V = np.asarray(V, dtype=np.float32)
    n, d = Q.shape
    scale = np.float32(1.0 / np.sqrt(d))
    out = np.empty((n, V.shape[1]), dtype=np.float32)
    for a in range(0, n, CHUNK):
        z = min(a + CHUNK, n)
        lo = max(a - window + 1, 0)
        s = (Q[a:z] @ K[lo:z].T) * scale
        qi = np.arange(a, z)[:, None]
        kj = np.arange(lo, z)[None, :]
        visible = (kj <= qi) & (kj >= qi - window + 1)
        s = np.where(visible, s, np.float32(-np.inf))
        e = np.exp(s - s.max(axis=1, keepdims=True))
        out[a:z] = (e / e.sum(axis=1, keepdims=True)) @ V[lo:z]
    return out
