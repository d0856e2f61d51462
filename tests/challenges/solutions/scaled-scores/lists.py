import math


def dot(a, b):
    return sum(x * y for x, y in zip(a, b, strict=True))


def scaled_scores(Q, K):
    scale = math.sqrt(len(Q[0]))
    return [[dot(q, k) / scale for k in K] for q in Q]
