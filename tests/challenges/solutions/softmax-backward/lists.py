import math


def softmax_backward(x, dy):
    biggest = max(x)
    weights = [math.exp(v - biggest) for v in x]
    norm = sum(weights)
    probs = [w / norm for w in weights]
    s = 0.0
    for p, g in zip(probs, dy, strict=True):
        s += p * g
    return [p * (g - s) for p, g in zip(probs, dy, strict=True)]
