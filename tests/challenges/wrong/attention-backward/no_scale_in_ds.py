import math


def attention_backward(Q, K, V, dO):
    n, m = len(Q), len(K)
    scale = 1 / math.sqrt(len(Q[0]))
    dQ = [[0.0] * len(Q[0]) for _ in range(n)]
    dK = [[0.0] * len(K[0]) for _ in range(m)]
    dV = [[0.0] * len(V[0]) for _ in range(m)]
    for i in range(n):
        s = [scale * sum(a * b for a, b in zip(Q[i], K[j], strict=True)) for j in range(m)]
        top = max(s)
        w = [math.exp(x - top) for x in s]
        z = sum(w)
        w = [x / z for x in w]
        g = [sum(a * b for a, b in zip(dO[i], V[j], strict=True)) for j in range(m)]
        inner = sum(a * b for a, b in zip(w, g, strict=True))
        for j in range(m):
            ds = w[j] * (g[j] - inner)  # the scale is not applied on the way back
            for c in range(len(Q[0])):
                dQ[i][c] += ds * K[j][c]
                dK[j][c] += ds * Q[i][c]
            for c in range(len(V[0])):
                dV[j][c] += w[j] * dO[i][c]
    return dQ, dK, dV
