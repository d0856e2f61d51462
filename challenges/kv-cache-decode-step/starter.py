import numpy as np


def decode_step(Q, K, V, cache_K, cache_V):
    """Return the outputs of t new tokens decoded in one step against a key/value cache.

    Q, K: t rows of d numbers each (the new tokens' queries and keys, in order).
    V: t rows of dv numbers (the new tokens' values).
    cache_K: p rows of d numbers, cache_V: p rows of dv numbers (the earlier tokens, oldest
    first); p may be 0, and then both are empty lists.
    Returns a t x dv matrix: row s is attention from new token s over the p cached tokens and
    the new tokens 0..s, its softmax taken over Q[s] . key / sqrt(d).
    """
    # Replace this placeholder with your implementation.
    return np.zeros((len(Q), len(V[0])))
