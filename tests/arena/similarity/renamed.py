import numpy as np


def sm(s):
    z = s - np.max(s, axis=-1, keepdims=True)
    e = np.exp(z)
    return e / np.sum(e, axis=-1, keepdims=True)


def arr(r):
    return np.array(r, dtype=np.float64)


def attention(Q, K, V):
    q = arr(Q)
    k = arr(K)
    v = arr(V)
    d = q.shape[-1]
    s = np.matmul(q, k.transpose()) / np.sqrt(d)
    w = sm(s)
    return np.matmul(w, v)
