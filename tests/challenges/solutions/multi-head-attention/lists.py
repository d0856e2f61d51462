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


def columns(M, start, stop):
    return [row[start:stop] for row in M]


def one_head(Q, K, V, causal):
    scale = math.sqrt(len(Q[0]))
    out = []
    for i, q in enumerate(Q):
        visible = range(i + 1) if causal else range(len(K))
        weights = softmax([dot(q, K[j]) / scale for j in visible])
        out.append(weighted_sum(weights, [V[j] for j in visible]))
    return out


def multi_head_attention(X, Wq, Wk, Wv, Wo, num_heads, causal=False):
    Q = matmul(X, Wq)
    K = matmul(X, Wk)
    V = matmul(X, Wv)
    d_head = len(Q[0]) // num_heads
    dv_head = len(V[0]) // num_heads
    concat = [[] for _ in X]
    for h in range(num_heads):
        head = one_head(columns(Q, h * d_head, (h + 1) * d_head),
                        columns(K, h * d_head, (h + 1) * d_head),
                        columns(V, h * dv_head, (h + 1) * dv_head), causal)
        for row, head_row in zip(concat, head, strict=True):
            row.extend(head_row)
    return matmul(concat, Wo)
