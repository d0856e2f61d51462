import numpy as np


def self_attention(X, Wq, Wk, Wv):
    X = np.array(X, dtype=np.float16)
    Q = X @ np.array(Wq, dtype=np.float16)
    K = X @ np.array(Wk, dtype=np.float16)
    V = X @ np.array(Wv, dtype=np.float16)
    S = Q @ K.T / np.float16(np.sqrt(K.shape[1]))
    S -= S.max(axis=-1, keepdims=True)
    P = np.exp(S)
    return (P / P.sum(axis=-1, keepdims=True)) @ V
