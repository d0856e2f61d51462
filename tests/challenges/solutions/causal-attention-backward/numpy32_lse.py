import numpy as np


def causal_attention_backward(Q, K, V, dO):
    Q, K, V, dO = (np.asarray(a, dtype=np.float32) for a in (Q, K, V, dO))
    n = len(Q)
    r = np.sqrt(np.float32(Q.shape[1]))
    s = np.where(np.tri(n, dtype=bool), Q @ K.T / r, np.float32(-np.inf))
    top = s.max(axis=1, keepdims=True)
    p = np.exp(s - (top + np.log(np.exp(s - top).sum(axis=1, keepdims=True))))
    dp = dO @ V.T
    ds = p * (dp - (p * dp).sum(axis=1, keepdims=True))
    return ds @ K / r, ds.T @ Q / r, p.T @ dO
