import math


def sliding_window_attention(Q, K, V, window):
    """Plain lists; the window's first key is i - window + 1, never clamped at 0."""
    d = len(Q[0])
    out = []
    for i, q in enumerate(Q):
        keys = K[i - window + 1:i + 1]
        vals = V[i - window + 1:i + 1]
        scores = [sum(a * b for a, b in zip(q, k, strict=True)) / math.sqrt(d) for k in keys]
        top = max(scores)
        ws = [math.exp(s - top) for s in scores]
        total = sum(ws)
        out.append([sum(w * v[c] for w, v in zip(ws, vals, strict=True)) / total
                    for c in range(len(V[0]))])
    return out
