import math


def apply_rope(X, base=10000.0):
    d = len(X[0])
    out = []
    for p, x in enumerate(X):
        row = list(x)
        for i in range(d // 2):
            t = p * base ** (-2 * i / d)
            c, s = math.cos(t), math.sin(t)
            a, b = x[2 * i], x[2 * i + 1]
            row[2 * i] = a * c - b * s
            row[2 * i + 1] = a * s + b * c
        out.append([float(v) for v in row])
    return out
