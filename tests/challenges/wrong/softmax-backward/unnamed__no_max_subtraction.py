import math


def softmax_backward(x, dy):
    e = [math.exp(v) for v in x]  # overflows for logits near 1000
    total = sum(e)
    y = [v / total for v in e]
    s = sum(p * g for p, g in zip(y, dy, strict=True))
    return [p * (g - s) for p, g in zip(y, dy, strict=True)]
