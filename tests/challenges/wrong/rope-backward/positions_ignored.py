import math


def rope_backward(X, positions, dY, base=10000.0):
    d = len(dY[0])
    result = []
    for pos, g in enumerate(dY):  # the row index as the position
        row = []
        for k in range(0, d, 2):
            ang = pos / base ** (k / d)
            row.append(g[k] * math.cos(ang) + g[k + 1] * math.sin(ang))
            row.append(g[k + 1] * math.cos(ang) - g[k] * math.sin(ang))
        result.append(row)
    return result
