import math


def dot(a, b):
    return sum(x * y for x, y in zip(a, b, strict=True))


def softmax(row):
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]


def attention_weights(Q, K):
    scale = math.sqrt(len(Q[0]))
    return [softmax([dot(q, k) / scale for k in K]) for q in Q]
