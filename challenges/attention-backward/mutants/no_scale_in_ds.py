import numpy as np


def attention_backward(Q, K, V, dO):
    """The forward pass is scaled, but dQ and dK are never divided by sqrt(d)."""
    Q, K, V, dO = (np.asarray(a, dtype=np.float64) for a in (Q, K, V, dO))
    S = Q @ K.T / np.sqrt(Q.shape[1])
    P = np.exp(S - S.max(axis=1, keepdims=True))
    P /= P.sum(axis=1, keepdims=True)
    dP = dO @ V.T
    dS = P * (dP - (P * dP).sum(axis=1, keepdims=True))
    return dS @ K, dS.T @ Q, P.T @ dO
