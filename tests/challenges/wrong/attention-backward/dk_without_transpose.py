import numpy as np


def attention_backward(Q, K, V, dO):
    Q, K, V, dO = map(np.array, (Q, K, V, dO))
    d = Q.shape[-1]
    s = np.einsum("id,jd->ij", Q, K) / np.sqrt(d)
    p = np.exp(s - s.max(-1, keepdims=True))
    p = p / p.sum(-1, keepdims=True)
    dp = np.einsum("ic,jc->ij", dO, V)
    ds = p * (dp - np.einsum("ij,ij->i", p, dp)[:, None])
    dq = np.einsum("ij,jd->id", ds, K) / np.sqrt(d)
    dk = np.einsum("ij,jd->id", ds, Q) / np.sqrt(d)  # bug: ds is not transposed
    dv = np.einsum("ij,ic->jc", p, dO)
    return dq, dk, dv
