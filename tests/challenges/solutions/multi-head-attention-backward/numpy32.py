import numpy as np


def multi_head_attention_backward(X, Wq, Wk, Wv, Wo, num_heads, dOut):
    f = np.float32
    X, Wq, Wk, Wv, Wo, dOut = (np.asarray(a, dtype=f) for a in (X, Wq, Wk, Wv, Wo, dOut))
    n, h = X.shape[0], num_heads
    Q = (X @ Wq).reshape(n, h, -1).transpose(1, 0, 2)  # (h, n, d_head)
    K = (X @ Wk).reshape(n, h, -1).transpose(1, 0, 2)
    V = (X @ Wv).reshape(n, h, -1).transpose(1, 0, 2)
    scale = f(1) / np.sqrt(f(Q.shape[2]))
    S = Q @ K.transpose(0, 2, 1) * scale
    P = np.exp(S - S.max(axis=2, keepdims=True))
    P /= P.sum(axis=2, keepdims=True)
    heads = (P @ V).transpose(1, 0, 2).reshape(n, -1)
    dWo = heads.T @ dOut
    dHeads = (dOut @ Wo.T).reshape(n, h, -1).transpose(1, 0, 2)
    dV = P.transpose(0, 2, 1) @ dHeads
    dP = dHeads @ V.transpose(0, 2, 1)
    dS = P * (dP - np.sum(P * dP, axis=2, keepdims=True)) * scale
    dQ = dS @ K
    dK = dS.transpose(0, 2, 1) @ Q

    def merge(t):
        return t.transpose(1, 0, 2).reshape(n, -1)

    dQ, dK, dV = merge(dQ), merge(dK), merge(dV)
    dX = dQ @ Wq.T + dK @ Wk.T + dV @ Wv.T
    return dX, X.T @ dQ, X.T @ dK, X.T @ dV, dWo
