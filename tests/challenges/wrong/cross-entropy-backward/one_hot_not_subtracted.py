import math


def cross_entropy_backward(logits, targets):
    n = len(logits)
    out = []
    for row in logits:
        m = max(row)
        e = [math.exp(v - m) for v in row]
        s = sum(e)
        out.append([v / s / n for v in e])
    return out
