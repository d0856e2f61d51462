import math


def rms_norm_backward(x, weight, dy, eps=1e-6):
    d = len(weight)
    dx, dweight = [], [0.0] * d
    for row, up in zip(x, dy, strict=True):
        rms = math.sqrt(sum(v * v for v in row) / d + eps)
        dx.append([up[k] * weight[k] / rms for k in range(d)])
        for k in range(d):
            dweight[k] += up[k] * row[k] / rms
    return dx, dweight
