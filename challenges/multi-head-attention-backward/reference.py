import numpy as np


def _head_backward(q, k, v, dh):
    """Return one head's (dq, dk, dv), given dh for its output softmax(q k^T / sqrt(d_head)) v,
    and that output."""
    scale = np.sqrt(q.shape[1])
    S = q @ k.T / scale
    P = np.exp(S - S.max(axis=1, keepdims=True))
    P /= P.sum(axis=1, keepdims=True)
    dP = dh @ v.T
    dS = P * (dP - (P * dP).sum(axis=1, keepdims=True))
    return dS @ k / scale, dS.T @ q / scale, P.T @ dh, P @ v


def multi_head_attention_backward(X, Wq, Wk, Wv, Wo, num_heads, dOut):
    """Return (dX, dWq, dWk, dWv, dWo) for Out = concat(head_1, ..., head_h) Wo."""
    X, Wq, Wk, Wv, Wo, dOut = (np.asarray(a, dtype=np.float64)
                               for a in (X, Wq, Wk, Wv, Wo, dOut))
    Q, K, V = X @ Wq, X @ Wk, X @ Wv
    dH = dOut @ Wo.T  # n x Dv, the gradient of the concatenated heads
    # Head h owns the h-th block of contiguous columns of Q, K, V and of dH.
    parts = [_head_backward(q, k, v, dh) for q, k, v, dh in zip(
        *(np.split(M, num_heads, axis=1) for M in (Q, K, V, dH)), strict=True)]
    dQ, dK, dV, H = (np.concatenate(blocks, axis=1) for blocks in zip(*parts, strict=True))
    dX = dQ @ Wq.T + dK @ Wk.T + dV @ Wv.T  # X feeds all three projections
    return dX, X.T @ dQ, X.T @ dK, X.T @ dV, H.T @ dOut
