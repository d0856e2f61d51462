import numpy as np


def softmax(scores):
    """Return the softmax of a vector, shifted by its maximum so exp never overflows."""
    exps = np.exp(scores - scores.max())
    return exps / exps.sum()


def decode_with_cache(X, Wq, Wk, Wv, cache_K, cache_V):
    """Decode the rows of X one at a time, growing the key/value cache as it goes."""
    X = np.asarray(X, dtype=np.float64)
    Wq = np.asarray(Wq, dtype=np.float64)
    Wk = np.asarray(Wk, dtype=np.float64)
    Wv = np.asarray(Wv, dtype=np.float64)
    d = Wk.shape[1]
    # An empty cache arrives as [], which NumPy reads as shape (0,): give it its columns.
    keys = np.asarray(cache_K, dtype=np.float64).reshape(-1, d)
    values = np.asarray(cache_V, dtype=np.float64).reshape(-1, Wv.shape[1])
    outputs = []
    for x in X:
        query, key, value = x @ Wq, x @ Wk, x @ Wv
        # Append first: the new token attends to every cached token and to itself.
        keys = np.vstack([keys, key])
        values = np.vstack([values, value])
        weights = softmax(keys @ query / np.sqrt(d))
        outputs.append(weights @ values)
    return np.array(outputs)
