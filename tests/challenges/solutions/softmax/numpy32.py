import numpy as np


def softmax(row):
    x = np.asarray(row, dtype=np.float32)
    exps = np.exp(x - x.max())
    return exps / exps.sum()
