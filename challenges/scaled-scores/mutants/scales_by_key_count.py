import math


def dot(u, v):
    return sum(a * b for a, b in zip(u, v, strict=True))


def scaled_scores(Q, K):
    """Divide by sqrt(m), the number of keys, instead of sqrt(d)."""
    scale = math.sqrt(len(K))
    return [[dot(query, key) / scale for key in K] for query in Q]
