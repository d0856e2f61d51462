import numpy as np


def causal_attention_backward(Q, K, V, dO):
    """dV = P dO instead of P^T dO (n == m here, so the shape is right)."""
    Q, K, V, dO = (np.asarray(a, dtype=np.float64) for a in (Q, K, V, dO))
    n, scale = Q.shape[0], np.sqrt(Q.shape[1])
    S = np.where(np.tril(np.ones((n, n), dtype=bool)), Q @ K.T / scale, -np.inf)
    P = np.exp(S - S.max(axis=1, keepdims=True))
    P /= P.sum(axis=1, keepdims=True)
    dP = dO @ V.T
    dS = P * (dP - (P * dP).sum(axis=1, keepdims=True))
    return dS @ K / scale, dS.T @ Q / scale, P @ dO
