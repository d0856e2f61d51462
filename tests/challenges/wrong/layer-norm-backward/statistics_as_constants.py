import math


def layer_norm_backward(x, gamma, beta, dy, eps=1e-5):
    d = len(gamma)
    dx, dgamma, dbeta = [], [0.0] * d, [0.0] * d
    for row, g in zip(x, dy, strict=True):
        mu = sum(row) / d
        std = math.sqrt(sum((v - mu) ** 2 for v in row) / d + eps)
        dx.append([g[j] * gamma[j] / std for j in range(d)])
        for j in range(d):
            dgamma[j] += g[j] * (row[j] - mu) / std
            dbeta[j] += g[j]
    return dx, dgamma, dbeta
