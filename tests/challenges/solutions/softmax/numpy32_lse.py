import numpy as np


def softmax(row):
    x = np.asarray(row, dtype=np.float32)
    m = x.max()
    log_total = m + np.log(np.exp(x - m).sum())
    return np.exp(x - log_total)
