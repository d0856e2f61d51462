def rope_backward(X, positions, dY, base=10000.0):
    """Returns dY unchanged, as if a rotation with no weights passed its gradient through."""
    return [list(row) for row in dY]
