import numpy as np


def multi_head_attention_backward(X, Wq, Wk, Wv, Wo, num_heads, dOut):
    X, Wq, Wk, Wv, Wo, dOut = (np.asarray(a, dtype=np.float64) for a in (X, Wq, Wk, Wv, Wo, dOut))
    Q, K, V = X @ Wq, X @ Wk, X @ Wv
    dHeads = dOut @ Wo.T
    grads, outs = [], []
    for q, k, v, g in zip(np.hsplit(Q, num_heads), np.hsplit(K, num_heads),
                          np.hsplit(V, num_heads), np.hsplit(dHeads, num_heads), strict=True):
        r = np.sqrt(q.shape[1])
        s = q @ k.T / r
        w = np.exp(s - s.max(1)[:, None])
        w = w / w.sum(1)[:, None]
        outs.append(w @ v)
        dw = g @ v.T
        ds = w * (dw - (w * dw).sum(1)[:, None]) / r
        grads.append((ds @ k, ds.T @ q, w.T @ g))
    dQ, dK, dV = (np.hstack(t) for t in zip(*grads, strict=True))
    dX = dQ @ Wq.T  # X goes into the queries
    return dX, X.T @ dQ, X.T @ dK, X.T @ dV, np.hstack(outs).T @ dOut
