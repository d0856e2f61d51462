import numpy as np


def scaled_scores(Q, K):
    Q = np.asarray(Q, dtype=np.float32)
    K = np.asarray(K, dtype=np.float32)
    d = Q.shape[1]
    return (Q @ K.T) / np.sqrt(np.float32(d))
