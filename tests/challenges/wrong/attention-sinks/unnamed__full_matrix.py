import numpy as np


def sink_attention(Q, K, V, sinks, window):
    """Right answer, wrong cost: the n x n score matrix with a sink-and-window mask."""
    Q, K, V = (np.asarray(M, dtype=np.float32) for M in (Q, K, V))
    n = len(Q)
    i, j = np.arange(n)[:, None], np.arange(n)[None, :]
    seen = (j <= i) & ((j < sinks) | (j > i - window))
    s = np.where(seen, Q @ K.T / np.sqrt(Q.shape[1]), -np.inf)
    e = np.exp(s - s.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True) @ V
