def rms_norm(x, weight, eps=1e-6):
    """Return the RMS normalisation of every row of x.

    x: n rows of d features, a list of n lists of d numbers.
    weight: d numbers, the per-feature scale (gamma).
    eps: a small positive number added to the mean square inside the square root.
    Returns an n x d matrix: each row divided by sqrt(mean(row ** 2) + eps), then multiplied
    by weight feature by feature. The mean is NOT subtracted.
    """
    # Replace this placeholder with your implementation.
    return [[0.0 for _ in row] for row in x]
