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


def causal_attention(Q, K, V):
    """Return softmax(Q K^T / sqrt(d)) V where query i only sees keys 0..i."""
    scale = math.sqrt(len(Q[0]))
    out = []
    for i, query in enumerate(Q):
        # Keys and values after position i are the future: leave them out of the softmax.
        weights = softmax([dot(query, key) / scale for key in K[: i + 1]])
        out.append(weighted_sum(weights, V[: i + 1]))
    return out
