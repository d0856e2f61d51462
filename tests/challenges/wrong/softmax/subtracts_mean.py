import numpy as np


def softmax(row):
    logits = np.array(row, dtype=float)
    centred = logits - np.mean(logits)  # centre the logits so that exp stays small
    e = np.exp(centred)
    return e / np.sum(e)
