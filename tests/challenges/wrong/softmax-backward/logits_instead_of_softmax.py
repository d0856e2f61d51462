def softmax_backward(x, dy):
    s = sum(a * b for a, b in zip(x, dy, strict=True))
    return [a * (b - s) for a, b in zip(x, dy, strict=True)]
