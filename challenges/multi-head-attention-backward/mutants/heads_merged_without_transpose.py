import numpy as np


def _head(q, k, v, dh, scale):
    """Return one head's (dq, dk, dv), with dS divided by `scale`, and its output."""
    S = q @ k.T / np.sqrt(q.shape[1])
    P = np.exp(S - S.max(axis=1, keepdims=True))
    P /= P.sum(axis=1, keepdims=True)
    dP = dh @ v.T
    dS = P * (dP - (P * dP).sum(axis=1, keepdims=True))
    return dS @ k / scale, dS.T @ q / scale, P.T @ dh, P @ v


def multi_head_attention_backward(X, Wq, Wk, Wv, Wo, num_heads, dOut):
    """Each head's gradients are right, but they are merged by reshaping the (h, n, d_head)
    stack straight to (n, D), without moving the head axis back behind the tokens."""
    X, Wq, Wk, Wv, Wo, dOut = (np.asarray(a, dtype=np.float64)
                               for a in (X, Wq, Wk, Wv, Wo, dOut))
    n = X.shape[0]
    Q, K, V = X @ Wq, X @ Wk, X @ Wv
    dH = dOut @ Wo.T
    parts = [_head(q, k, v, dh, np.sqrt(q.shape[1])) for q, k, v, dh in zip(
        *(np.split(M, num_heads, axis=1) for M in (Q, K, V, dH)), strict=True)]
    dQ, dK, dV, H = zip(*parts, strict=True)
    dQ, dK, dV = (np.stack(blocks).reshape(n, -1) for blocks in (dQ, dK, dV))
    H = np.concatenate(H, axis=1)
    dX = dQ @ Wq.T + dK @ Wk.T + dV @ Wv.T
    return dX, X.T @ dQ, X.T @ dK, X.T @ dV, H.T @ dOut
