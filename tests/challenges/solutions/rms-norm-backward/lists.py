import math


def rms_norm_backward(x, weight, dy, eps=1e-6):
    d = len(weight)
    dx, dweight = [], [0.0] * d
    for row, up in zip(x, dy, strict=True):
        r = 1.0 / math.sqrt(sum(v * v for v in row) / d + eps)
        g = [u * w for u, w in zip(up, weight, strict=True)]
        gx = sum(a * b for a, b in zip(g, row, strict=True)) / d
        dx.append([r * g[k] - row[k] * r ** 3 * gx for k in range(d)])
        for k in range(d):
            dweight[k] += up[k] * row[k] * r
    return dx, dweight
