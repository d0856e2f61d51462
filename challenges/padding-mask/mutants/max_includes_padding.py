import numpy as np


def masked_attention(Q, K, V, key_mask):
    """Multiplies the exponentials by the mask, after subtracting the maximum over ALL keys.

    When a padding key scores far above every real key, the real exponentials underflow to 0
    and the row becomes 0 / 0 = nan.
    """
    Q = np.asarray(Q, dtype=float)
    scores = Q @ np.asarray(K, dtype=float).T / np.sqrt(Q.shape[1])
    exps = np.exp(scores - scores.max(axis=1, keepdims=True)) * np.asarray(key_mask, dtype=float)
    with np.errstate(invalid="ignore"):
        return exps / exps.sum(axis=1, keepdims=True) @ np.asarray(V, dtype=float)
