import math


def decode_step(Q, K, V, cache_K, cache_V):
    """Plain lists. Counts the new token's position from 0, forgetting the p cached tokens."""
    keys, values = list(cache_K) + list(K), list(cache_V) + list(V)
    d = len(Q[0])
    out = []
    for s, q in enumerate(Q):
        visible = range(s + 1)
        scores = [sum(a * b for a, b in zip(q, keys[j], strict=True)) / math.sqrt(d)
                  for j in visible]
        top = max(scores)
        ws = [math.exp(x - top) for x in scores]
        total = sum(ws)
        out.append([sum(w * values[j][c] for w, j in zip(ws, visible, strict=True)) / total
                    for c in range(len(V[0]))])
    return out
