import math


def sliding_window_attention(Q, K, V, window):
    """Slices the window as K[i - window + 1 : i + 1] without clamping the start at 0.

    For the first tokens the start is negative and Python counts it from the end: the slice is
    empty (max() of it raises ValueError) when the window fits in the sequence, and starts too
    late, dropping the first keys, when the window is longer than the sequence.
    """
    scale = math.sqrt(len(Q[0]))
    out = []
    for i, q in enumerate(Q):
        start = i - window + 1
        scores = [sum(a * b for a, b in zip(q, k, strict=True)) / scale for k in K[start:i + 1]]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        rows = V[start:i + 1]
        out.append([sum(e * row[c] for e, row in zip(exps, rows, strict=True)) / total
                    for c in range(len(V[0]))])
    return out
