import math


def rms_norm(x, weight, eps=1e-6):
    out = []
    for row in x:
        mean_square = sum(v * v for v in row) / len(row)
        rms = math.sqrt(mean_square + eps)
        out.append([v / rms * w for v, w in zip(row, weight, strict=True)])
    return out
