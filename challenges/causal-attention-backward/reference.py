import numpy as np


def causal_attention_backward(Q, K, V, dO):
    """Return (dQ, dK, dV) for O = softmax(Q K^T / sqrt(d) + M) V, M hiding keys j > i."""
    Q, K, V, dO = (np.asarray(a, dtype=np.float64) for a in (Q, K, V, dO))
    n, scale = Q.shape[0], np.sqrt(Q.shape[1])
    S = np.where(np.tril(np.ones((n, n), dtype=bool)), Q @ K.T / scale, -np.inf)
    P = np.exp(S - S.max(axis=1, keepdims=True))  # exp(-inf) = 0: future keys get no weight
    P /= P.sum(axis=1, keepdims=True)
    dV = P.T @ dO
    dP = dO @ V.T
    dS = P * (dP - (P * dP).sum(axis=1, keepdims=True))  # zero wherever P is: no future key
    return dS @ K / scale, dS.T @ Q / scale, dV
