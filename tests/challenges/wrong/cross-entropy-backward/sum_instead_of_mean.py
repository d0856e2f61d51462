import math


def cross_entropy_backward(logits, targets):
    grads = []
    for row, t in zip(logits, targets, strict=True):
        m = max(row)
        e = [math.exp(v - m) for v in row]
        s = sum(e)
        grads.append([v / s - (1.0 if c == t else 0.0) for c, v in enumerate(e)])
    return grads
