def cross_entropy_backward(logits, targets):
    b = len(logits)
    return [[(z - (1.0 if k == t else 0.0)) / b for k, z in enumerate(row)]
            for row, t in zip(logits, targets, strict=True)]
