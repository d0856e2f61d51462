def softmax_backward(x, dy):
    """Return the gradient of the loss with respect to the logits x of y = softmax(x).

    x: a non-empty list of n floats, the logits the softmax was applied to.
    dy: a list of n floats, the gradient of the loss with respect to y = softmax(x).
    Returns dx, a list of n floats: dx_i = sum_j dy_j * dy_j/dx_i, which works out to
    y_i * (dy_i - sum_j dy_j * y_j). Do not change x or dy.
    """
    # Replace this placeholder with your implementation.
    return [0.0 for _ in x]
