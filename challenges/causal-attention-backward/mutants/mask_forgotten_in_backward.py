import numpy as np


def causal_attention_backward(Q, K, V, dO):
    """dV from the masked weights, but dS from weights recomputed without the mask.

    A learner who saves the masked weights for dV and recomputes the softmax from the raw
    scores for the softmax backward: gradient flows from each query to the keys after it.
    """
    Q, K, V, dO = (np.asarray(a, dtype=np.float64) for a in (Q, K, V, dO))
    n, scale = Q.shape[0], np.sqrt(Q.shape[1])
    raw = Q @ K.T / scale
    masked = np.where(np.tril(np.ones((n, n), dtype=bool)), raw, -np.inf)
    P = np.exp(masked - masked.max(axis=1, keepdims=True))
    P /= P.sum(axis=1, keepdims=True)
    dV = P.T @ dO
    unmasked = np.exp(raw - raw.max(axis=1, keepdims=True))
    unmasked /= unmasked.sum(axis=1, keepdims=True)
    dP = dO @ V.T
    dS = unmasked * (dP - (unmasked * dP).sum(axis=1, keepdims=True))
    return dS @ K / scale, dS.T @ Q / scale, dV
