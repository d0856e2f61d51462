import math


def matmul(A, B):
    cols = list(zip(*B, strict=True))
    return [[sum(a * b for a, b in zip(row, col, strict=True)) for col in cols] for row in A]


def multi_head_attention(X, Wq, Wk, Wv, Wo, num_heads, causal=False):
    Q, K, V = matmul(X, Wq), matmul(X, Wk), matmul(X, Wv)
    n, dh, dvh = len(X), len(Q[0]) // num_heads, len(V[0]) // num_heads
    concat = [[] for _ in range(n)]
    for h in range(num_heads):
        for i in range(n):
            q = Q[i][h * dh:(h + 1) * dh]
            scores = []
            for j in range(n):
                k = K[j][h * dh:(h + 1) * dh]
                s = sum(a * b for a, b in zip(q, k, strict=True)) / math.sqrt(dh)
                if causal and j > i:
                    s -= 10000.0
                scores.append(s)
            m = max(scores)
            w = [math.exp(s - m) for s in scores]
            z = sum(w)
            concat[i] += [sum(w[j] * V[j][c] for j in range(n)) / z
                          for c in range(h * dvh, (h + 1) * dvh)]
    return matmul(concat, Wo)
