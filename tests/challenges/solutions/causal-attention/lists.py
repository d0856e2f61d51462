import math


def dot(a, b):
    return sum(x * y for x, y in zip(a, b, strict=True))


def softmax(row):
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]


def weighted_sum(weights, rows):
    width = len(rows[0])
    return [sum(w * row[c] for w, row in zip(weights, rows, strict=True)) for c in range(width)]


def causal_attention(Q, K, V):
    scale = math.sqrt(len(Q[0]))
    out = []
    for i, q in enumerate(Q):
        visible = range(i + 1)  # keys 0..i, the diagonal included
        weights = softmax([dot(q, K[j]) / scale for j in visible])
        out.append(weighted_sum(weights, [V[j] for j in visible]))
    return out
