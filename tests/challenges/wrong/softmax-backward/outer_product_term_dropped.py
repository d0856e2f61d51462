import math


def softmax_backward(x, dy):
    m = max(x)
    e = [math.exp(v - m) for v in x]
    total = sum(e)
    return [ei / total * g for ei, g in zip(e, dy, strict=True)]
