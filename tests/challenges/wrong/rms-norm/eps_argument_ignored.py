import math

EPS = 1e-6


def rms_norm(x, weight, eps=1e-6):
    result = []
    for row in x:
        scale = 1.0 / math.sqrt(sum(v ** 2 for v in row) / len(row) + EPS)
        result.append([v * scale * w for v, w in zip(row, weight, strict=True)])
    return result
