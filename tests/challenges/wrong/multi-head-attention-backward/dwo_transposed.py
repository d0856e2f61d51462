import math


def mm(A, B):
    return [[sum(A[i][t] * B[t][j] for t in range(len(B))) for j in range(len(B[0]))]
            for i in range(len(A))]


def tr(A):
    return [list(r) for r in zip(*A, strict=True)]


def multi_head_attention_backward(X, Wq, Wk, Wv, Wo, num_heads, dOut):
    Q, K, V = mm(X, Wq), mm(X, Wk), mm(X, Wv)
    n = len(X)
    a, b = len(Q[0]) // num_heads, len(V[0]) // num_heads
    G = mm(dOut, tr(Wo))
    H = [[0.0] * len(V[0]) for _ in range(n)]
    dQ = [[0.0] * len(Q[0]) for _ in range(n)]
    dK = [[0.0] * len(Q[0]) for _ in range(n)]
    dV = [[0.0] * len(V[0]) for _ in range(n)]
    for h in range(num_heads):
        qs, vs = range(h * a, (h + 1) * a), range(h * b, (h + 1) * b)
        for i in range(n):
            s = [sum(Q[i][c] * K[j][c] for c in qs) / math.sqrt(a) for j in range(n)]
            m = max(s)
            e = [math.exp(x - m) for x in s]
            p = [x / sum(e) for x in e]
            dp = [sum(G[i][c] * V[j][c] for c in vs) for j in range(n)]
            mean = sum(x * y for x, y in zip(p, dp, strict=True))
            for j in range(n):
                ds = p[j] * (dp[j] - mean) / math.sqrt(a)
                for c in qs:
                    dQ[i][c] += ds * K[j][c]
                    dK[j][c] += ds * Q[i][c]
                for c in vs:
                    H[i][c] += p[j] * V[j][c]
                    dV[j][c] += p[j] * G[i][c]
    dX = [[x + y + z for x, y, z in zip(r1, r2, r3, strict=True)]
          for r1, r2, r3 in zip(mm(dQ, tr(Wq)), mm(dK, tr(Wk)), mm(dV, tr(Wv)), strict=True)]
    Xt = tr(X)
    return dX, mm(Xt, dQ), mm(Xt, dK), mm(Xt, dV), mm(tr(dOut), H)  # dWo = dOut^T H
