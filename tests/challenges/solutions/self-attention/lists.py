import math


def dot(a, b):
    return sum(x * y for x, y in zip(a, b, strict=True))


def matmul(A, B):
    columns = list(zip(*B, strict=True))
    return [[dot(row, col) for col in columns] for row in A]


def softmax(row):
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]


def weighted_sum(weights, rows):
    width = len(rows[0])
    return [sum(w * row[c] for w, row in zip(weights, rows, strict=True)) for c in range(width)]


def self_attention(X, Wq, Wk, Wv):
    Q = matmul(X, Wq)
    K = matmul(X, Wk)
    V = matmul(X, Wv)
    scale = math.sqrt(len(Wq[0]))  # d_k, the width after the projection
    out = []
    for q in Q:
        weights = softmax([dot(q, k) / scale for k in K])
        out.append(weighted_sum(weights, V))
    return out
