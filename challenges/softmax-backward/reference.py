import math


def softmax_backward(x, dy):
    """Return dx = J^T dy for y = softmax(x): dx_i = y_i * (dy_i - sum_j dy_j y_j)."""
    top = max(x)  # subtract the maximum so that large logits do not overflow
    exps = [math.exp(v - top) for v in x]
    total = sum(exps)
    y = [e / total for e in exps]
    # The Jacobian is diag(y) - y y^T; applied to dy it is y * dy - y * (dy . y).
    dot = sum(g * p for g, p in zip(dy, y, strict=True))
    return [p * (g - dot) for g, p in zip(dy, y, strict=True)]
