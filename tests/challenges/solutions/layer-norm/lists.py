import math


def layer_norm(x, gamma, beta, eps=1e-5):
    out = []
    for row in x:
        d = len(row)
        mean = sum(row) / d
        var = sum((v - mean) ** 2 for v in row) / d  # biased: divide by d
        denom = math.sqrt(var + eps)
        out.append([(v - mean) / denom * g + b for v, g, b in zip(row, gamma, beta, strict=True)])
    return out
