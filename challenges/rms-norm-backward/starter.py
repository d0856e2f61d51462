def rms_norm_backward(x, weight, dy, eps=1e-6):
    """Return the gradients of RMS normalisation: (dx, dweight).

    The forward pass, per row of x: y = x / sqrt(mean(x ** 2) + eps) * weight, the mean taken
    over that row's d features.
    x: n rows of d features, a list of n lists of d numbers.
    weight: d numbers, the per-feature scale.
    dy: n rows of d numbers, the gradient of the loss with respect to y.
    eps: the small positive number added to the mean square inside the square root.
    Returns a tuple (dx, dweight): dx an n x d matrix, dweight a list of d numbers.
    Do not change any argument.
    """
    # Replace this placeholder with your implementation.
    return [[0.0 for _ in row] for row in x], [0.0 for _ in weight]
