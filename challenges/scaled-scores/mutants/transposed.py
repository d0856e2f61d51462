import math


def dot(u, v):
    return sum(a * b for a, b in zip(u, v, strict=True))


def scaled_scores(Q, K):
    """Build the m x n matrix K Q^T / sqrt(d): one row per key instead of per query."""
    scale = math.sqrt(len(Q[0]))
    return [[dot(key, query) / scale for query in Q] for key in K]
