def scaled_scores(Q, K):
    """Return the scaled attention scores Q K^T / sqrt(d).

    Q: n query vectors, a list of n rows of d numbers.
    K: m key vectors, a list of m rows of d numbers.
    Returns an n x m matrix (a list of n rows of m floats) whose entry (i, j) is the dot
    product of Q[i] and K[j] divided by sqrt(d).
    """
    # Replace this placeholder with your implementation.
    return [[0.0 for _ in K] for _ in Q]
