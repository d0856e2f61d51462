import numpy as np


def decode_with_cache(X, Wq, Wk, Wv, cache_K, cache_V):
    """Each new token attends to its own key and value only: the cache is never read.

    A softmax over a single score is 1, so every output row is that token's own value.
    """
    X = np.asarray(X, dtype=float)
    Wq, Wk, Wv = (np.asarray(W, dtype=float) for W in (Wq, Wk, Wv))
    d = Wk.shape[1]
    outputs = []
    for x in X:
        query, key, value = x @ Wq, x @ Wk, x @ Wv
        scores = np.array([key @ query]) / np.sqrt(d)
        weights = np.exp(scores - scores.max())
        outputs.append((weights / weights.sum()) @ value[None, :])
    return np.array(outputs)
