import numpy as np


def multi_head_attention_backward(X, Wq, Wk, Wv, Wo, num_heads, dOut):
    X, Wq, Wk, Wv, Wo, dOut = (np.asarray(a, dtype=np.float32) for a in (X, Wq, Wk, Wv, Wo, dOut))
    Q, K, V = X @ Wq, X @ Wk, X @ Wv
    dh = Q.shape[1] // num_heads
    dvh = V.shape[1] // num_heads
    H = np.zeros_like(V)
    dQ, dK, dV = np.zeros_like(Q), np.zeros_like(K), np.zeros_like(V)
    G = dOut @ Wo.T
    for i in range(num_heads):
        a, b = slice(i * dh, (i + 1) * dh), slice(i * dvh, (i + 1) * dvh)
        S = Q[:, a] @ K[:, a].T / np.sqrt(np.float32(dh))
        P = np.exp(S - S.max(axis=1, keepdims=True))
        P /= P.sum(axis=1, keepdims=True)
        H[:, b] = P @ V[:, b]
        dP = G[:, b] @ V[:, b].T
        dS = P * (dP - (P * dP).sum(axis=1, keepdims=True))
        dQ[:, a] = dS @ K[:, a]  # no 1/sqrt(dh) here
        dK[:, a] = dS.T @ Q[:, a]
        dV[:, b] = P.T @ G[:, b]
    dX = dQ @ Wq.T + dK @ Wk.T + dV @ Wv.T
    return dX, X.T @ dQ, X.T @ dK, X.T @ dV, H.T @ dOut
