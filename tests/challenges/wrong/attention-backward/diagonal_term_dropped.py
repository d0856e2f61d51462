import numpy as np


def attention_backward(Q, K, V, dO):
    Q = np.asarray(Q, dtype=np.float32)
    K = np.asarray(K, dtype=np.float32)
    V = np.asarray(V, dtype=np.float32)
    dO = np.asarray(dO, dtype=np.float32)
    c = 1 / np.sqrt(np.float32(Q.shape[1]))
    A = Q @ K.T * c
    A = np.exp(A - A.max(axis=1, keepdims=True))
    A /= A.sum(axis=1, keepdims=True)
    dA = dO @ V.T
    # softmax jacobian: only the -p p^T part
    dZ = np.stack([-np.outer(a, a) @ g for a, g in zip(A, dA, strict=True)])
    return dZ @ K * c, dZ.T @ Q * c, A.T @ dO
