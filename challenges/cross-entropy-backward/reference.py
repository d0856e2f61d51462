import math


def cross_entropy_backward(logits, targets):
    """Return d loss / d logits for the mean over the batch of -log softmax(row)[target]."""
    batch = len(logits)
    grad = []
    for row, target in zip(logits, targets, strict=True):
        top = max(row)  # subtract the row's maximum so that large logits do not overflow
        exps = [math.exp(v - top) for v in row]
        total = sum(exps)
        # Each row's loss has gradient softmax(row) - one_hot(target); the mean divides by B.
        grad.append([(e / total - (j == target)) / batch for j, e in enumerate(exps)])
    return grad
