import math


def attention_backward(Q, K, V, dO):
    n, m, d = len(Q), len(K), len(Q[0])
    r = math.sqrt(d)
    P = []
    for q in Q:
        s = [sum(a * b for a, b in zip(q, k, strict=True)) / r for k in K]
        mx = max(s)
        e = [math.exp(x - mx) for x in s]
        P.append([x / sum(e) for x in e])
    # bug: P @ dO, written as if P were m x n
    dV = [[sum(P[j][i] * dO[i][c] for i in range(n)) for c in range(len(dO[0]))]
          for j in range(m)]
    dS = []
    for i in range(n):
        g = [sum(x * y for x, y in zip(dO[i], V[j], strict=True)) for j in range(m)]
        avg = sum(p * x for p, x in zip(P[i], g, strict=True))
        dS.append([p * (x - avg) for p, x in zip(P[i], g, strict=True)])
    dQ = [[sum(dS[i][j] * K[j][c] for j in range(m)) / r for c in range(d)] for i in range(n)]
    dK = [[sum(dS[i][j] * Q[i][c] for i in range(n)) / r for c in range(d)] for j in range(m)]
    return dQ, dK, dV
