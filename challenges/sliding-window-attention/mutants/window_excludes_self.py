import numpy as np


def sliding_window_attention(Q, K, V, window):
    """Keep the `window` keys before i, i - window <= j < i, but not key i itself.

    Row 0 then has no visible key: every score is -inf and the softmax gives nan, as
    NumPy code with an -inf mask does.
    """
    Q, K, V = (np.asarray(M, dtype=float) for M in (Q, K, V))
    n = Q.shape[0]
    i, j = np.arange(n)[:, None], np.arange(n)[None, :]
    scores = Q @ K.T / np.sqrt(Q.shape[1])
    scores = np.where((j < i) & (j >= i - window), scores, -np.inf)
    with np.errstate(invalid="ignore"):
        exps = np.exp(scores - scores.max(axis=1, keepdims=True))
        return exps / exps.sum(axis=1, keepdims=True) @ V
