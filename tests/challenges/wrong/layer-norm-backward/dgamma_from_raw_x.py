import math


def layer_norm_backward(x, gamma, beta, dy, eps=1e-5):
    n, d = len(x), len(gamma)
    dx = []
    for i in range(n):
        mu = sum(x[i]) / d
        s = math.sqrt(sum((v - mu) ** 2 for v in x[i]) / d + eps)
        h = [(v - mu) / s for v in x[i]]
        g = [dy[i][j] * gamma[j] for j in range(d)]
        a, b = sum(g) / d, sum(gj * hj for gj, hj in zip(g, h, strict=True)) / d
        dx.append([(g[j] - a - h[j] * b) / s for j in range(d)])
    dgamma = [sum(dy[i][j] * x[i][j] for i in range(n)) for j in range(d)]
    dbeta = [sum(dy[i][j] for i in range(n)) for j in range(d)]
    return dx, dgamma, dbeta
