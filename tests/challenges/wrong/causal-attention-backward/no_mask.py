import math


def causal_attention_backward(Q, K, V, dO):
    n, d = len(Q), len(Q[0])
    r = math.sqrt(d)
    dQ = [[0.0] * d for _ in range(n)]
    dK = [[0.0] * d for _ in range(n)]
    dV = [[0.0] * len(V[0]) for _ in range(n)]
    for i in range(n):
        # every key, also j > i
        s = [sum(a * b for a, b in zip(Q[i], K[j], strict=True)) / r for j in range(n)]
        mx = max(s)
        e = [math.exp(x - mx) for x in s]
        p = [x / sum(e) for x in e]
        g = [sum(a * b for a, b in zip(dO[i], V[j], strict=True)) for j in range(n)]
        mean = sum(a * b for a, b in zip(p, g, strict=True))
        for j in range(n):
            ds = p[j] * (g[j] - mean) / r
            for c in range(d):
                dQ[i][c] += ds * K[j][c]
                dK[j][c] += ds * Q[i][c]
            for c in range(len(V[0])):
                dV[j][c] += p[j] * dO[i][c]
    return dQ, dK, dV
