import math


def softmax_backward(x, dy):
    m = max(x)
    e = [math.exp(v - m) for v in x]
    y = [v / sum(e) for v in e]
    s = sum(a * b for a, b in zip(dy, y, strict=True))
    # only the -y y^T part of the Jacobian
    return [-yi * s for yi in y]
