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


def masked_attention(Q, K, V, key_mask):
    scale = math.sqrt(len(Q[0]))
    real = [j for j, keep in enumerate(key_mask) if keep]  # True = a real token
    out = []
    for q in Q:
        weights = softmax([dot(q, K[j]) / scale for j in real])
        out.append(weighted_sum(weights, [V[j] for j in real]))
    return out
