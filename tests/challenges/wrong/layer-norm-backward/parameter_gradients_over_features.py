import math


def layer_norm_backward(x, gamma, beta, dy, eps=1e-5):
    d = len(gamma)
    dx, dgamma, dbeta = [], [], []
    for row, up in zip(x, dy, strict=True):
        mu = sum(row) / d
        inv = 1 / math.sqrt(sum((v - mu) ** 2 for v in row) / d + eps)
        xhat = [(v - mu) * inv for v in row]
        g = [up[j] * gamma[j] for j in range(d)]
        a = sum(g) / d
        b = sum(g[j] * xhat[j] for j in range(d)) / d
        dx.append([inv * (g[j] - a - xhat[j] * b) for j in range(d)])
        dgamma.append(sum(up[j] * xhat[j] for j in range(d)))
        dbeta.append(sum(up))
    return dx, dgamma, dbeta
