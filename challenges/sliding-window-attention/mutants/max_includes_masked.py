import numpy as np


def sliding_window_attention(Q, K, V, window):
    """Subtracts each row's maximum over ALL keys, hidden ones included, then multiplies the
    exponentials by the window mask and renormalises.

    When a key outside the window scores far above every key inside it, the visible
    exponentials underflow to 0 and the row becomes 0 / 0 = nan.
    """
    Q, K, V = (np.asarray(M, dtype=float) for M in (Q, K, V))
    n = Q.shape[0]
    i, j = np.arange(n)[:, None], np.arange(n)[None, :]
    scores = Q @ K.T / np.sqrt(Q.shape[1])
    visible = (j <= i) & (j > i - window)
    exps = np.exp(scores - scores.max(axis=1, keepdims=True)) * visible
    with np.errstate(invalid="ignore"):
        return exps / exps.sum(axis=1, keepdims=True) @ V
