import math


def attention(Q, K, V):
    d = len(Q[0])
    out = []
    for q in Q:
        scores = [sum(a * b for a, b in zip(q, k, strict=True)) / math.isqrt(d) for k in K]
        top = max(scores)
        weights = [math.exp(s - top) for s in scores]
        total = sum(weights)
        out.append([sum(w * v[c] for w, v in zip(weights, V, strict=True)) / total
                    for c in range(len(V[0]))])
    return out
