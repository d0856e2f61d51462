def rope_backward(X, positions, dY, base=10000.0):
    """Return dX, the gradient of the loss with respect to X, where Y = RoPE(X).

    X: n rows of even width d; row r is the vector at position positions[r].
    positions: n whole numbers (at least 0), one per row.
    dY: n rows of width d, the gradient of the loss with respect to Y.
    base: a keyword argument, 10000.0 unless given.
    In the forward pass, the pair (x[2i], x[2i+1]) of row r is rotated counter-clockwise by
    the angle positions[r] * base^(-2i/d).
    Returns an n x d matrix. Do not change the inputs.
    """
    # Replace this placeholder with your implementation.
    return [[0.0 for _ in row] for row in dY]
