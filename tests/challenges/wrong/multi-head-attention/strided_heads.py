import math


def matmul(A, B):
    cols = list(zip(*B, strict=True))
    return [[sum(a * b for a, b in zip(row, col, strict=True)) for col in cols] for row in A]


def multi_head_attention(X, Wq, Wk, Wv, Wo, num_heads, causal=False):
    Q, K, V = matmul(X, Wq), matmul(X, Wk), matmul(X, Wv)
    n = len(X)
    out = [[0.0] * len(V[0]) for _ in range(n)]
    for h in range(num_heads):
        qs = [row[h::num_heads] for row in Q]
        ks = [row[h::num_heads] for row in K]
        vs = [row[h::num_heads] for row in V]
        scale = math.sqrt(len(qs[0]))
        for i in range(n):
            seen = range(i + 1) if causal else range(n)
            s = [sum(a * b for a, b in zip(qs[i], ks[j], strict=True)) / scale for j in seen]
            top = max(s)
            w = [math.exp(x - top) for x in s]
            z = sum(w)
            for c in range(len(vs[0])):
                total = sum(wj * vs[j][c] for wj, j in zip(w, seen, strict=True))
                out[i][h + c * num_heads] = total / z
    return matmul(out, Wo)
