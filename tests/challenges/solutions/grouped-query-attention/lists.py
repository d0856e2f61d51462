import math


def dot(a, b):
    return sum(x * y for x, y in zip(a, b, strict=True))


def matmul(A, B):
    columns = list(zip(*B, strict=True))
    return [[dot(row, col) for col in columns] for row in A]


def softmax(row):
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]


def weighted_sum(weights, rows):
    width = len(rows[0])
    return [sum(w * row[c] for w, row in zip(weights, rows, strict=True)) for c in range(width)]


def block(M, index, width):
    return [row[index * width:(index + 1) * width] for row in M]


def grouped_query_attention(X, Wq, Wk, Wv, Wo, num_heads, num_kv_heads):
    Q = matmul(X, Wq)
    K = matmul(X, Wk)
    V = matmul(X, Wv)
    d_head = len(Wq[0]) // num_heads
    dv_head = len(Wv[0]) // num_kv_heads
    group = num_heads // num_kv_heads
    scale = math.sqrt(d_head)
    concat = [[] for _ in X]
    for h in range(num_heads):
        g = h // group
        Qh, Kg, Vg = block(Q, h, d_head), block(K, g, d_head), block(V, g, dv_head)
        for row, q in zip(concat, Qh, strict=True):
            weights = softmax([dot(q, k) / scale for k in Kg])
            row.extend(weighted_sum(weights, Vg))
    return matmul(concat, Wo)
