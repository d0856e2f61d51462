def attention(Q, K, V):
    """Return scaled dot-product attention softmax(Q K^T / sqrt(d)) V.

    Q: n query vectors, a list of n rows of d numbers.
    K: m key vectors, a list of m rows of d numbers.
    V: m value vectors, a list of m rows of dv numbers (row j belongs to key j).
    Returns an n x dv matrix (a list of n rows of dv floats): row i is the average of the
    rows of V weighted by query i's attention weights.
    """
    # Replace this placeholder with your implementation.
    return [[0.0 for _ in V[0]] for _ in Q]
