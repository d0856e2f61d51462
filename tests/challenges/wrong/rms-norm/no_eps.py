import math


def rms_norm(x, weight, eps=1e-6):
    out = []
    for row in x:
        rms = math.sqrt(sum(v * v for v in row) / len(row))
        out.append([v / rms * w for v, w in zip(row, weight, strict=True)])
    return out
