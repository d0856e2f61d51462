def attention_weights(Q, K):
    """Return the attention weights softmax(Q K^T / sqrt(d)), softmax along each row.

    Q: n query vectors, a list of n rows of d numbers.
    K: m key vectors, a list of m rows of d numbers.
    Returns an n x m matrix (a list of n rows of m floats); row i holds the weights query i
    gives to each key, and every row sums to 1.
    """
    # Replace this placeholder with your implementation.
    return [[0.0 for _ in K] for _ in Q]
