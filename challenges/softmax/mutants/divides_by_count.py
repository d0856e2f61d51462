import math


def softmax(row):
    """Divide by the number of entries instead of the sum of the exponentials."""
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    return [e / len(exps) for e in exps]
