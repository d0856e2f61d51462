import math


def attention_backward(Q, K, V, dO):
    n, m, d, dv = len(Q), len(K), len(Q[0]), len(V[0])
    root = math.sqrt(d)
    weights = []
    for q in Q:
        scores = [sum(a * b for a, b in zip(q, k, strict=True)) / root for k in K]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        weights.append([e / total for e in exps])
    dV = [[sum(weights[i][j] * dO[i][c] for i in range(n)) for c in range(dv)]
          for j in range(m)]
    dS = []
    for i in range(n):
        grads = [sum(dO[i][c] * V[j][c] for c in range(dv)) for j in range(m)]
        mean = sum(p * g for p, g in zip(weights[i], grads, strict=True))
        dS.append([p * (g - mean) for p, g in zip(weights[i], grads, strict=True)])
    dQ = [[sum(dS[i][j] * K[j][c] for j in range(m)) / root for c in range(d)]
          for i in range(n)]
    dK = [[sum(dS[i][j] * Q[i][c] for i in range(n)) / root for c in range(d)]
          for j in range(m)]
    return dQ, dK, dV
