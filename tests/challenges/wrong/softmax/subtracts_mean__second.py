import numpy as np


def softmax(row):
    # Centre the logits on their mean: exp stays small for logits close together, but not
    # for logits thousands apart.
    logits = np.array(row, dtype=np.float64)
    shifted = np.exp(logits - logits.mean())
    return shifted / shifted.sum()
