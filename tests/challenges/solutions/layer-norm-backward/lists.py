import math


def layer_norm_backward(x, gamma, beta, dy, eps=1e-5):
    d = len(gamma)
    dx, dgamma, dbeta = [], [0.0] * d, [0.0] * d
    for row, up in zip(x, dy, strict=True):
        mu = sum(row) / d
        var = sum((v - mu) ** 2 for v in row) / d
        inv = 1.0 / math.sqrt(var + eps)
        xhat = [(v - mu) * inv for v in row]
        g = [u * w for u, w in zip(up, gamma, strict=True)]
        g_mean = sum(g) / d
        gx_mean = sum(a * b for a, b in zip(g, xhat, strict=True)) / d
        dx.append([inv * (g[j] - g_mean - xhat[j] * gx_mean) for j in range(d)])
        for j in range(d):
            dgamma[j] += up[j] * xhat[j]
            dbeta[j] += up[j]
    return dx, dgamma, dbeta
