import math


def sink_attention(Q, K, V, sinks, window):
    """Plain lists; only the last `window` keys, the sinks forgotten."""
    d = len(Q[0])
    out = []
    for i, q in enumerate(Q):
        js = range(max(0, i - window + 1), i + 1)
        sc = [sum(a * b for a, b in zip(q, K[j], strict=True)) / math.sqrt(d) for j in js]
        m = max(sc)
        w = [math.exp(x - m) for x in sc]
        z = sum(w)
        out.append([sum(wk * V[j][c] for wk, j in zip(w, js, strict=True)) / z
                    for c in range(len(V[0]))])
    return out
