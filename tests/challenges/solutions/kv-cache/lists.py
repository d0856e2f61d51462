import math


def dot(a, b):
    return sum(x * y for x, y in zip(a, b, strict=True))


def project(x, W):
    return [dot(x, col) for col in zip(*W, strict=True)]


def softmax(row):
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]


def weighted_sum(weights, rows):
    width = len(rows[0])
    return [sum(w * row[c] for w, row in zip(weights, rows, strict=True)) for c in range(width)]


def decode_with_cache(X, Wq, Wk, Wv, cache_K, cache_V):
    keys = list(cache_K)
    values = list(cache_V)
    scale = math.sqrt(len(Wk[0]))
    out = []
    for x in X:
        q = project(x, Wq)
        keys = keys + [project(x, Wk)]  # append before attending
        values = values + [project(x, Wv)]
        weights = softmax([dot(q, k) / scale for k in keys])
        out.append(weighted_sum(weights, values))
    return out
