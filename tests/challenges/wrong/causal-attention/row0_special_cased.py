import math


def causal_attention(Q, K, V):
    scale = math.sqrt(len(Q[0]))
    result = []
    for i in range(len(Q)):
        if i == 0:
            result.append(list(V[0]))  # nothing before the first token
            continue
        scores = [sum(q * k for q, k in zip(Q[i], K[j], strict=True)) / scale for j in range(i)]
        m = max(scores)
        ws = [math.exp(s - m) for s in scores]
        tot = sum(ws)
        result.append([sum(ws[j] * V[j][c] for j in range(i)) / tot for c in range(len(V[0]))])
    return result
