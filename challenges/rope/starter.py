def apply_rope(X, base=10000.0):
    """Return X with rotary position embeddings (RoPE) applied.

    X: n vectors, a list of n rows of d numbers (d even); row p sits at position p.
    base: the base of the frequencies, 10000.0 unless given.
    Each pair of neighbouring entries (x[2i], x[2i + 1]) of row p is rotated by the angle
    p * base ** (-2i / d):
        x[2i]     -> x[2i] * cos(angle) - x[2i + 1] * sin(angle)
        x[2i + 1] -> x[2i] * sin(angle) + x[2i + 1] * cos(angle)
    Returns an n x d matrix.
    """
    # Replace this placeholder with your implementation.
    return [[0.0 for _ in row] for row in X]
