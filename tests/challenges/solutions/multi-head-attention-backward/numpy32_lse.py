import numpy as np


def multi_head_attention_backward(X, Wq, Wk, Wv, Wo, num_heads, dOut):
    X, Wq, Wk, Wv, Wo, dOut = (np.asarray(a, dtype=np.float32)
                               for a in (X, Wq, Wk, Wv, Wo, dOut))
    Q, K, V = X @ Wq, X @ Wk, X @ Wv
    G = dOut @ Wo.T
    blocks = {name: [] for name in ("H", "dQ", "dK", "dV")}
    for q, k, v, g in zip(*(np.split(M, num_heads, axis=1) for M in (Q, K, V, G)), strict=True):
        r = np.sqrt(np.float32(q.shape[1]))
        s = q @ k.T / r
        top = s.max(axis=1, keepdims=True)
        p = np.exp(s - (top + np.log(np.exp(s - top).sum(axis=1, keepdims=True))))
        dp = g @ v.T
        ds = p * (dp - (p * dp).sum(axis=1, keepdims=True)) / r
        for name, value in (("H", p @ v), ("dQ", ds @ k), ("dK", ds.T @ q), ("dV", p.T @ g)):
            blocks[name].append(value)
    H, dQ, dK, dV = (np.concatenate(blocks[name], axis=1) for name in ("H", "dQ", "dK", "dV"))
    return (dQ @ Wq.T + dK @ Wk.T + dV @ Wv.T, X.T @ dQ, X.T @ dK, X.T @ dV, H.T @ dOut)
