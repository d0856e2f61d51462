import numpy as np


def attention_backward(Q, K, V, dO):
    """The softmax Jacobian without its diagonal: dS = -P * rowsum(P * dP)."""
    Q, K, V, dO = (np.asarray(a, dtype=np.float64) for a in (Q, K, V, dO))
    scale = np.sqrt(Q.shape[1])
    S = Q @ K.T / scale
    P = np.exp(S - S.max(axis=1, keepdims=True))
    P /= P.sum(axis=1, keepdims=True)
    dP = dO @ V.T
    dS = -P * (P * dP).sum(axis=1, keepdims=True)
    return dS @ K / scale, dS.T @ Q / scale, P.T @ dO
