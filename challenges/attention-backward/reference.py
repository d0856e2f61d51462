import numpy as np


def attention_backward(Q, K, V, dO):
    """Return (dQ, dK, dV), the gradients of sum(dO * O) for O = softmax(Q K^T / sqrt(d)) V."""
    Q, K, V, dO = (np.asarray(a, dtype=np.float64) for a in (Q, K, V, dO))
    scale = np.sqrt(Q.shape[1])
    S = Q @ K.T / scale
    P = np.exp(S - S.max(axis=1, keepdims=True))
    P /= P.sum(axis=1, keepdims=True)  # n x m weights, each row sums to 1
    dV = P.T @ dO  # key j's value collects from every query that weighed it
    dP = dO @ V.T
    # Softmax backward, row by row: dS = P * (dP - <P, dP>), the Jacobian diag(p) - p p^T.
    dS = P * (dP - (P * dP).sum(axis=1, keepdims=True))
    dQ = dS @ K / scale
    dK = dS.T @ Q / scale
    return dQ, dK, dV
