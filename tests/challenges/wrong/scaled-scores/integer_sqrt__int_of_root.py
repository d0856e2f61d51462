import math


def scaled_scores(Q, K):
    root = int(math.sqrt(len(Q[0])))  # d ** 0.5 cut to a whole number
    return [[sum(q * k for q, k in zip(query, key, strict=True)) / root for key in K]
            for query in Q]
