def causal_attention_backward(Q, K, V, dO):
    """Return the gradients (dQ, dK, dV) of causal scaled dot-product attention.

    The forward pass is O = softmax(Q K^T / sqrt(d) + M) V, where M hides every key j > i
    from query i (the diagonal is visible) and the softmax runs along each row.
    Q, K: n rows of d numbers; V: n rows of dv numbers.
    dO: n rows of dv numbers, the gradient of the loss with respect to O.
    Returns a tuple (dQ, dK, dV): dQ and dK are n x d, dV is n x dv.
    Do not change the inputs.
    """
    # Replace these placeholders with your implementation.
    dQ = [[0.0 for _ in Q[0]] for _ in Q]
    dK = [[0.0 for _ in K[0]] for _ in K]
    dV = [[0.0 for _ in V[0]] for _ in V]
    return dQ, dK, dV
