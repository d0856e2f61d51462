import math


def layer_norm_backward(x, gamma, beta, dy, eps=1e-5):
    d = len(gamma)
    dx, dgamma, dbeta = [], [0.0] * d, [0.0] * d
    for row, up in zip(x, dy, strict=True):
        mean = sum(row) / d
        var = sum((v - mean) ** 2 for v in row) / (d - 1)  # sample variance
        rstd = 1 / math.sqrt(var + eps)
        xhat = [(v - mean) * rstd for v in row]
        g = [up[j] * gamma[j] for j in range(d)]
        mg = sum(g) / d
        mgx = sum(g[j] * xhat[j] for j in range(d)) / d
        dx.append([rstd * (g[j] - mg - xhat[j] * mgx) for j in range(d)])
        for j in range(d):
            dgamma[j] += up[j] * xhat[j]
            dbeta[j] += up[j]
    return dx, dgamma, dbeta
