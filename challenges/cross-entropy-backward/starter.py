def cross_entropy_backward(logits, targets):
    """Return the gradient of the mean cross-entropy loss with respect to the logits.

    logits: B rows of C floats, one row of class scores per example (a list of B lists).
    targets: B integers, targets[b] in 0..C-1 the correct class of example b.
    The loss is L = (1 / B) * sum_b -log(softmax(logits[b])[targets[b]]).
    Returns a B x C matrix: dL/dlogits[b][c] = (softmax(logits[b])[c] - (c == targets[b])) / B.
    Do not change logits or targets.
    """
    # Replace this placeholder with your implementation.
    return [[0.0 for _ in row] for row in logits]
