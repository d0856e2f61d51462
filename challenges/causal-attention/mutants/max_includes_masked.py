import numpy as np


def causal_attention(Q, K, V):
    """Subtracts each row's maximum over ALL keys, future ones included, then multiplies the
    exponentials by the causal mask and renormalises.

    When a future key scores far above every key the query sees, the visible exponentials
    underflow to 0 and the row becomes 0 / 0 = nan.
    """
    Q = np.asarray(Q, dtype=float)
    n = Q.shape[0]
    scores = Q @ np.asarray(K, dtype=float).T / np.sqrt(Q.shape[1])
    exps = np.exp(scores - scores.max(axis=1, keepdims=True)) * np.tril(np.ones((n, n)))
    with np.errstate(invalid="ignore"):
        return exps / exps.sum(axis=1, keepdims=True) @ np.asarray(V, dtype=float)
