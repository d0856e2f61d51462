import math


def dot(u, v):
    """Return the dot product of two equally long vectors."""
    return sum(a * b for a, b in zip(u, v, strict=True))


def softmax(row):
    """Return the softmax of a list, shifted by its maximum so exp never overflows."""
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]


def attention_weights(Q, K):
    """Return softmax(Q K^T / sqrt(d)) with the softmax taken along each row."""
    scale = math.sqrt(len(Q[0]))
    return [softmax([dot(query, key) / scale for key in K]) for query in Q]
