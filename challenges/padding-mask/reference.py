import numpy as np


def masked_attention(Q, K, V, key_mask):
    """Return softmax(Q K^T / sqrt(d) + M) V, where M is -inf for padding keys and 0 elsewhere."""
    Q = np.asarray(Q, dtype=np.float64)
    K = np.asarray(K, dtype=np.float64)
    V = np.asarray(V, dtype=np.float64)
    real = np.asarray(key_mask, dtype=bool)
    scores = Q @ K.T / np.sqrt(Q.shape[1])
    # A padding key gets the score -inf: exp(-inf) = 0, so it gets no weight. Every mask has a
    # real key, so each row's maximum is finite and the shift below never produces nan.
    scores = np.where(real, scores, -np.inf)
    exps = np.exp(scores - scores.max(axis=1, keepdims=True))
    weights = exps / exps.sum(axis=1, keepdims=True)
    return weights @ V
