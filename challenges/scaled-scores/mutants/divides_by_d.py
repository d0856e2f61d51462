def dot(u, v):
    return sum(a * b for a, b in zip(u, v, strict=True))


def scaled_scores(Q, K):
    """Divide the dot products by d instead of sqrt(d)."""
    d = len(Q[0])
    return [[dot(query, key) / d for key in K] for query in Q]
