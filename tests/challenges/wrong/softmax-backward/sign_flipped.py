import math


def softmax_backward(x, dy):
    m = max(x)
    y = [math.exp(v - m) for v in x]
    z = sum(y)
    y = [v / z for v in y]
    dot = sum(p * g for p, g in zip(y, dy, strict=True))
    return [p * dot - p * g for p, g in zip(y, dy, strict=True)]
