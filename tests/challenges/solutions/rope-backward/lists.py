import math


def rope_backward(X, positions, dY, base=10000.0):
    d = len(dY[0])
    dX = []
    for p, g in zip(positions, dY, strict=True):
        row = []
        for k in range(0, d, 2):
            angle = p * base ** (-k / d)
            c, s = math.cos(angle), math.sin(angle)
            a, b = g[k], g[k + 1]
            row += [a * c + b * s, b * c - a * s]
        dX.append(row)
    return dX
