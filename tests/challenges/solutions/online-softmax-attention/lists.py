import math


def dot(a, b):
    return sum(x * y for x, y in zip(a, b, strict=True))


def online_softmax_attention(Q, K, V, block_size):
    scale = math.sqrt(len(Q[0]))
    dv = len(V[0])
    m = len(K)
    out = []
    for q in Q:
        mu = -math.inf  # running maximum
        total = 0.0  # running sum of exp(s - mu)
        acc = [0.0] * dv  # running sum of exp(s - mu) * v
        for start in range(0, m, block_size):
            keys = K[start:start + block_size]
            values = V[start:start + block_size]
            scores = [dot(q, k) / scale for k in keys]
            new_mu = max(mu, max(scores))
            c = math.exp(mu - new_mu)
            total *= c
            acc = [a * c for a in acc]
            for s, v in zip(scores, values, strict=True):
                e = math.exp(s - new_mu)
                total += e
                for col in range(dv):
                    acc[col] += e * v[col]
            mu = new_mu
        out.append([a / total for a in acc])
    return out
