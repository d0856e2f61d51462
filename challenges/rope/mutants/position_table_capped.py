import math


def apply_rope(X, base=10000.0):
    """Precomputes the angles for 1024 positions, as a model with a maximum length does, and
    looks row p up in that table: a longer sequence raises IndexError."""
    d = len(X[0])
    table = [[p * base ** (-2 * i / d) for i in range(d // 2)] for p in range(1024)]
    out = []
    for p, row in enumerate(X):
        angles = table[p]
        rotated = []
        for i, t in enumerate(angles):
            a, b = row[2 * i], row[2 * i + 1]
            rotated += [a * math.cos(t) - b * math.sin(t), a * math.sin(t) + b * math.cos(t)]
        out.append(rotated)
    return out
