import math


def attention_with_temperature(Q, K, V, temperature):
    t = int(temperature)
    scale = math.sqrt(len(Q[0])) * t
    result = []
    for q in Q:
        s = [sum(a * b for a, b in zip(q, k, strict=True)) / scale for k in K]
        m = max(s)
        w = [math.exp(x - m) for x in s]
        z = sum(w)
        result.append([sum(w[j] * V[j][c] for j in range(len(V))) / z for c in range(len(V[0]))])
    return result
