import numpy as np


def attention_weights(Q, K):
    """Subtracts one maximum for the whole score matrix instead of one per row.

    When one row's scores are near 10000 and another's near 0, every exponential of the low
    row underflows to 0 and that row becomes 0 / 0 = nan.
    """
    Q = np.asarray(Q, dtype=float)
    scores = Q @ np.asarray(K, dtype=float).T / np.sqrt(Q.shape[1])
    exps = np.exp(scores - scores.max())
    with np.errstate(invalid="ignore"):
        return exps / exps.sum(axis=1, keepdims=True)
