import math


def softmax_backward(x, dy):
    m = max(x)
    e = [math.exp(v - m) for v in x]
    total = sum(e)
    out = []
    for ei, g in zip(e, dy, strict=True):
        y = ei / total
        out.append(g * y * (1 - y))  # d softmax_i / d x_i
    return out
