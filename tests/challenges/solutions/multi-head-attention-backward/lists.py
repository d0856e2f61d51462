import math


def matmul(A, B):
    return [[sum(a * b for a, b in zip(row, col, strict=True)) for col in zip(*B, strict=True)]
            for row in A]


def transpose(A):
    return [list(col) for col in zip(*A, strict=True)]


def columns(A, start, stop):
    return [row[start:stop] for row in A]


def multi_head_attention_backward(X, Wq, Wk, Wv, Wo, num_heads, dOut):
    Q, K, V = matmul(X, Wq), matmul(X, Wk), matmul(X, Wv)
    n = len(X)
    dh, dvh = len(Q[0]) // num_heads, len(V[0]) // num_heads
    dConcat = matmul(dOut, transpose(Wo))
    concat = [[] for _ in range(n)]
    dQ, dK, dV = ([[] for _ in range(n)] for _ in range(3))
    for h in range(num_heads):
        q = columns(Q, h * dh, (h + 1) * dh)
        k = columns(K, h * dh, (h + 1) * dh)
        v = columns(V, h * dvh, (h + 1) * dvh)
        g = columns(dConcat, h * dvh, (h + 1) * dvh)
        root = math.sqrt(dh)
        P = []
        for row in matmul(q, transpose(k)):
            top = max(row)
            e = [math.exp(s / root - top / root) for s in row]
            P.append([x / sum(e) for x in e])
        out = matmul(P, v)
        dP = matmul(g, transpose(v))
        dS = []
        for p, dp in zip(P, dP, strict=True):
            mean = sum(a * b for a, b in zip(p, dp, strict=True))
            dS.append([a * (b - mean) / root for a, b in zip(p, dp, strict=True)])
        for rows, block in ((concat, out), (dQ, matmul(dS, k)),
                            (dK, matmul(transpose(dS), q)), (dV, matmul(transpose(P), g))):
            for r in range(n):
                rows[r] += block[r]
    dX = [[a + b + c for a, b, c in zip(*rows, strict=True)]
          for rows in zip(matmul(dQ, transpose(Wq)), matmul(dK, transpose(Wk)),
                          matmul(dV, transpose(Wv)), strict=True)]
    Xt = transpose(X)
    return dX, matmul(Xt, dQ), matmul(Xt, dK), matmul(Xt, dV), matmul(transpose(concat), dOut)
