import math

CONTEXT = 1024


def apply_rope(X, base=10000.0):
    d = len(X[0])
    freqs = [base ** (-2.0 * i / d) for i in range(d // 2)]
    cos_cache = [[math.cos(pos * f) for f in freqs] for pos in range(CONTEXT)]
    sin_cache = [[math.sin(pos * f) for f in freqs] for pos in range(CONTEXT)]
    result = []
    for pos in range(len(X)):
        x, c, s = X[pos], cos_cache[pos], sin_cache[pos]
        row = [0.0] * d
        for i in range(d // 2):
            row[2 * i] = x[2 * i] * c[i] - x[2 * i + 1] * s[i]
            row[2 * i + 1] = x[2 * i] * s[i] + x[2 * i + 1] * c[i]
        result.append(row)
    return result
