import math


def layer_norm(rows, gamma, beta):
    out = []
    for r in rows:
        mu = sum(r) / len(r)
        var = sum((x - mu) ** 2 for x in r) / len(r)
        out.append([g * (x - mu) / math.sqrt(var + 1e-5) + b
                    for x, g, b in zip(r, gamma, beta, strict=True)])
    return out


def matmul(A, B):
    cols = list(zip(*B, strict=True))
    return [[sum(a * b for a, b in zip(row, col, strict=True)) for col in cols] for row in A]


def gelu(x):
    return 0.5 * x * (1 + math.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))


def transformer_block(X, params, num_heads):
    p = params
    a = layer_norm(X, p["ln1_gamma"], p["ln1_beta"])
    Q, K, V = matmul(a, p["Wq"]), matmul(a, p["Wk"]), matmul(a, p["Wv"])
    n, dh = len(X), len(Q[0]) // num_heads
    heads = [[] for _ in range(n)]
    for h in range(num_heads):
        cols = range(h * dh, (h + 1) * dh)
        for i in range(n):
            s = [sum(Q[i][c] * K[j][c] for c in cols) / math.sqrt(dh) for j in range(i + 1)]
            m = max(s)
            w = [math.exp(x - m) for x in s]
            z = sum(w)
            heads[i] += [sum(w[j] * V[j][c] for j in range(i + 1)) / z for c in cols]
    attn = matmul(heads, p["Wo"])
    H = [[x + y for x, y in zip(r, o, strict=True)] for r, o in zip(X, attn, strict=True)]
    normed = layer_norm(H, p["ln2_gamma"], p["ln2_beta"])
    f = [[gelu(v + b) for v, b in zip(r, p["b1"], strict=True)] for r in matmul(normed, p["W1"])]
    mlp = matmul(f, p["W2"])
    return [[x + y for x, y in zip(r, o, strict=True)] for r, o in zip(H, mlp, strict=True)]
