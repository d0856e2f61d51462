import math


def cross_entropy_backward(logits, targets):
    n, c = len(logits), len(logits[0])
    probs = [[0.0] * c for _ in range(n)]
    for j in range(c):
        column = [logits[i][j] for i in range(n)]
        m = max(column)
        e = [math.exp(v - m) for v in column]
        s = sum(e)
        for i in range(n):
            probs[i][j] = e[i] / s
    for i, t in enumerate(targets):
        probs[i][t] -= 1.0
    return [[v / n for v in row] for row in probs]
