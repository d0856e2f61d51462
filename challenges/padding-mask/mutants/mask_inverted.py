import numpy as np


def masked_attention(Q, K, V, key_mask):
    """Reads True as "padding": only the padding keys are attended to.

    When every key is real, every score becomes -inf and the rows turn into nan, as they would
    in a learner's code.
    """
    Q = np.asarray(Q, dtype=float)
    scores = Q @ np.asarray(K, dtype=float).T / np.sqrt(Q.shape[1])
    scores = np.where(np.asarray(key_mask, dtype=bool), -np.inf, scores)
    with np.errstate(invalid="ignore"):
        exps = np.exp(scores - scores.max(axis=1, keepdims=True))
        return exps / exps.sum(axis=1, keepdims=True) @ np.asarray(V, dtype=float)
