import math


def cross_entropy_backward(logits, targets):
    batch = len(logits)
    out = []
    for scores, label in zip(logits, targets, strict=True):
        m = max(scores)
        exps = [math.exp(s - m) for s in scores]
        total = sum(exps)
        row = [e / total / batch for e in exps]
        row[label] -= 1.0 / batch
        out.append(row)
    return out
