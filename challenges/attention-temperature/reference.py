import numpy as np


def attention_with_temperature(Q, K, V, temperature):
    """Return softmax(Q K^T / (sqrt(d) * temperature)) V, the softmax taken along each row."""
    Q = np.asarray(Q, dtype=np.float64)
    K = np.asarray(K, dtype=np.float64)
    V = np.asarray(V, dtype=np.float64)
    # The temperature divides the already scaled scores: T > 1 flattens the weights,
    # T < 1 sharpens them, T = 1 is ordinary attention.
    scores = Q @ K.T / (np.sqrt(Q.shape[1]) * temperature)
    exps = np.exp(scores - scores.max(axis=1, keepdims=True))
    weights = exps / exps.sum(axis=1, keepdims=True)
    return weights @ V
