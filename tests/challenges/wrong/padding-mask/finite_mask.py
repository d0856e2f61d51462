import math


def masked_attention(Q, K, V, key_mask):
    d = len(Q[0])
    out = []
    for q in Q:
        scores = [sum(a * b for a, b in zip(q, k, strict=True)) / math.sqrt(d)
                  + (0.0 if real else -1e4)
                  for k, real in zip(K, key_mask, strict=True)]
        top = max(scores)
        e = [math.exp(s - top) for s in scores]
        total = sum(e)
        out.append([sum(e[j] * V[j][c] for j in range(len(V))) / total
                    for c in range(len(V[0]))])
    return out
