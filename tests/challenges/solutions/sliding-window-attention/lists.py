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


def sliding_window_attention(Q, K, V, window):
    scale = math.sqrt(len(K[0]))
    out = []
    for i, q in enumerate(Q):
        visible = range(max(0, i - window + 1), i + 1)
        weights = softmax([dot(q, K[j]) / scale for j in visible])
        out.append(weighted_sum(weights, [V[j] for j in visible]))
    return out
