import math


def dot(a, b):
    return sum(x * y for x, y in zip(a, b, strict=True))


def matmul(A, B):
    columns = list(zip(*B, strict=True))
    return [[dot(row, col) for col in columns] for row in A]


def add(A, B):
    return [[a + b for a, b in zip(ra, rb, strict=True)] for ra, rb in zip(A, B, strict=True)]


def add_bias(A, bias):
    return [[a + b for a, b in zip(row, bias, strict=True)] for row in A]


def layer_norm(X, gamma, beta, eps=1e-5):
    out = []
    for row in X:
        d = len(row)
        mean = sum(row) / d
        var = sum((v - mean) ** 2 for v in row) / d
        denom = math.sqrt(var + eps)
        out.append([g * (v - mean) / denom + b for v, g, b in zip(row, gamma, beta, strict=True)])
    return out


def softmax(row):
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]


def weighted_sum(weights, rows):
    width = len(rows[0])
    return [sum(w * row[c] for w, row in zip(weights, rows, strict=True)) for c in range(width)]


def gelu(z):
    return 0.5 * z * (1 + math.tanh(math.sqrt(2 / math.pi) * (z + 0.044715 * z ** 3)))


def causal_multi_head(A, Wq, Wk, Wv, Wo, num_heads):
    Q, K, V = matmul(A, Wq), matmul(A, Wk), matmul(A, Wv)
    d_head = len(Q[0]) // num_heads
    dv_head = len(V[0]) // num_heads
    scale = math.sqrt(d_head)
    concat = [[] for _ in A]
    for h in range(num_heads):
        Qh = [row[h * d_head:(h + 1) * d_head] for row in Q]
        Kh = [row[h * d_head:(h + 1) * d_head] for row in K]
        Vh = [row[h * dv_head:(h + 1) * dv_head] for row in V]
        for i, q in enumerate(Qh):
            weights = softmax([dot(q, Kh[j]) / scale for j in range(i + 1)])
            concat[i].extend(weighted_sum(weights, Vh[:i + 1]))
    return matmul(concat, Wo)


def transformer_block(X, params, num_heads):
    p = params
    A = layer_norm(X, p["ln1_gamma"], p["ln1_beta"])
    H = add(X, causal_multi_head(A, p["Wq"], p["Wk"], p["Wv"], p["Wo"], num_heads))
    B = layer_norm(H, p["ln2_gamma"], p["ln2_beta"])
    hidden = [[gelu(z) for z in row] for row in add_bias(matmul(B, p["W1"]), p["b1"])]
    return add(H, add_bias(matmul(hidden, p["W2"]), p["b2"]))
