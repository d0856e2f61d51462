import math


def causal_attention_backward(Q, K, V, dO):
    n, d, dv = len(Q), len(Q[0]), len(V[0])
    root = math.sqrt(d)
    dQ = [[0.0] * d for _ in range(n)]
    dK = [[0.0] * d for _ in range(n)]
    dV = [[0.0] * dv for _ in range(n)]
    for i in range(n):
        seen = range(i + 1)  # keys 0..i only
        scores = [sum(a * b for a, b in zip(Q[i], K[j], strict=True)) / root for j in seen]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        p = [e / total for e in exps]
        g = [sum(x * y for x, y in zip(dO[i], V[j], strict=True)) for j in seen]
        mean = sum(a * b for a, b in zip(p, g, strict=True))
        for j in seen:
            ds = p[j] * (g[j] - mean) / root
            for c in range(d):
                dQ[i][c] += ds * K[j][c]
                dK[j][c] += ds * Q[i][c]
            for c in range(dv):
                dV[j][c] += p[j] * dO[i][c]
    return dQ, dK, dV
