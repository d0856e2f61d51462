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


def alibi_attention(Q, K, V, num_heads):
    n = len(Q)
    d = len(Q[0]) // num_heads
    dv = len(V[0]) // num_heads
    scale = math.sqrt(d)
    out = [[] for _ in range(n)]
    for h in range(num_heads):
        slope = 2 ** (-8 * (h + 1) / num_heads)
        Qh = [row[h * d:(h + 1) * d] for row in Q]
        Kh = [row[h * d:(h + 1) * d] for row in K]
        Vh = [row[h * dv:(h + 1) * dv] for row in V]
        for i in range(n):
            scores = [dot(Qh[i], Kh[j]) / scale - slope * (i - j) for j in range(i + 1)]
            out[i].extend(weighted_sum(softmax(scores), Vh[:i + 1]))
    return out
