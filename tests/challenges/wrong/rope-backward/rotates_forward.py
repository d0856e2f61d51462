import math


def rope_backward(X, positions, dY, base=10000.0):
    d = len(dY[0])
    out = []
    for p, g in zip(positions, dY, strict=True):
        row = list(g)
        for i in range(d // 2):
            t = p * base ** (-2 * i / d)
            a, b = g[2 * i], g[2 * i + 1]
            # same rotation as the forward pass
            row[2 * i] = a * math.cos(t) - b * math.sin(t)
            row[2 * i + 1] = a * math.sin(t) + b * math.cos(t)
        out.append(row)
    return out
