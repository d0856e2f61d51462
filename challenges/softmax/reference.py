import math


def softmax(row):
    """Return the softmax of a list of numbers, shifted by the maximum for stability."""
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
