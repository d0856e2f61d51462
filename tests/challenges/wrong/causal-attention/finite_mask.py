import math

NEG = -1e4  # "big enough" to hide a key


def causal_attention(Q, K, V):
    d = len(Q[0])
    out = []
    for i, q in enumerate(Q):
        row = []
        for j, k in enumerate(K):
            s = sum(a * b for a, b in zip(q, k, strict=True)) / math.sqrt(d)
            row.append(s if j <= i else s + NEG)
        top = max(row)
        w = [math.exp(s - top) for s in row]
        z = sum(w)
        out.append([sum(w[j] * V[j][c] for j in range(len(V))) / z for c in range(len(V[0]))])
    return out
