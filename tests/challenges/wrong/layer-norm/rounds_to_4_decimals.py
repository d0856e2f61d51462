import math


def layer_norm(x, gamma, beta, eps=1e-5):
    out = []
    for row in x:
        d = len(row)
        mu = sum(row) / d
        var = sum((v - mu) ** 2 for v in row) / d
        inv = 1 / math.sqrt(var + eps)
        out.append([round((v - mu) * inv * g + b, 4)
                    for v, g, b in zip(row, gamma, beta, strict=True)])
    return out
