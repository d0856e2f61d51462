import math


def layer_norm_backward(x, gamma, beta, dy, eps=1e-5):
    d = len(gamma)
    dx, dgamma, dbeta = [], [0.0] * d, [0.0] * d
    for row, up in zip(x, dy, strict=True):
        mu = sum(row) / d
        std = math.sqrt(sum((v - mu) ** 2 for v in row) / d + eps)
        g = [up[j] * gamma[j] for j in range(d)]
        gbar = sum(g) / d
        dx.append([(gj - gbar) / std for gj in g])  # the mean moves with x, the std does not
        for j in range(d):
            dgamma[j] += up[j] * (row[j] - mu) / std
            dbeta[j] += up[j]
    return dx, dgamma, dbeta
