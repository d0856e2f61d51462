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


def weighted_sum(weights, rows):
    """Return sum_j weights[j] * rows[j], column by column."""
    columns = zip(*rows, strict=True)
    return [dot(weights, column) for column in columns]


def attention(Q, K, V):
    """Return softmax(Q K^T / sqrt(d)) V, the softmax taken along each row."""
    scale = math.sqrt(len(Q[0]))
    out = []
    for query in Q:
        weights = softmax([dot(query, key) / scale for key in K])
        out.append(weighted_sum(weights, V))
    return out
