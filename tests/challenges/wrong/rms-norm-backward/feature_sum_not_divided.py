import math


def rms_norm_backward(x, weight, dy, eps=1e-6):
    d = len(weight)
    dx, dweight = [], [0.0] * d
    for row, up in zip(x, dy, strict=True):
        r = 1 / math.sqrt(sum(v * v for v in row) / d + eps)
        g = [up[k] * weight[k] for k in range(d)]
        total = sum(g[k] * row[k] for k in range(d))
        dx.append([r * (g[k] - row[k] * r * r * total) for k in range(d)])
        for k in range(d):
            dweight[k] += up[k] * row[k] * r
    return dx, dweight
