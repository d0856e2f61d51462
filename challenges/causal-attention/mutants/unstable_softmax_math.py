import math


def dot(u, v):
    return sum(a * b for a, b in zip(u, v, strict=True))


def causal_attention(Q, K, V):
    """Pure-Python causal attention whose softmax uses math.exp without max subtraction.

    Scores near 1000 raise OverflowError; scores near -740 fall into subnormal numbers and
    lose their precision.
    """
    scale = math.sqrt(len(Q[0]))
    out = []
    for i, query in enumerate(Q):
        exps = [math.exp(dot(query, key) / scale) for key in K[: i + 1]]
        total = sum(exps)
        weights = [e / total for e in exps]
        out.append([dot(weights, column) for column in zip(*V[: i + 1], strict=True)])
    return out
