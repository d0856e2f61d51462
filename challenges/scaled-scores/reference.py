import math


def dot(u, v):
    """Return the dot product of two equally long vectors."""
    return sum(a * b for a, b in zip(u, v, strict=True))


def scaled_scores(Q, K):
    """Return Q K^T / sqrt(d): one row per query, one column per key."""
    scale = math.sqrt(len(Q[0]))
    return [[dot(query, key) / scale for key in K] for query in Q]
