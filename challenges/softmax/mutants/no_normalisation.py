import math


def softmax(row):
    """Return the shifted exponentials without dividing by their sum."""
    top = max(row)
    return [math.exp(x - top) for x in row]
