def dot(u, v):
    return sum(a * b for a, b in zip(u, v, strict=True))


def scaled_scores(Q, K):
    """Return the raw dot products Q K^T, without dividing by sqrt(d)."""
    return [[dot(query, key) for key in K] for query in Q]
