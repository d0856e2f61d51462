def attention_backward(Q, K, V, dO):
    """Return the gradients (dQ, dK, dV) of scaled dot-product attention.

    The forward pass is O = softmax(Q K^T / sqrt(d)) V, the softmax along each row.
    Q: n rows of d numbers; K: m rows of d numbers; V: m rows of dv numbers.
    dO: n rows of dv numbers, the gradient of the loss with respect to O.
    Returns a tuple (dQ, dK, dV): dQ is n x d, dK is m x d, dV is m x dv.
    Do not change the inputs.
    """
    # Replace these placeholders with your implementation.
    dQ = [[0.0 for _ in Q[0]] for _ in Q]
    dK = [[0.0 for _ in K[0]] for _ in K]
    dV = [[0.0 for _ in V[0]] for _ in V]
    return dQ, dK, dV
