import numpy as np


def multi_head_attention(X, Wq, Wk, Wv, Wo, num_heads, causal=False):
    """Splits Q, K, V with a reshape straight to (h, n, w), without the transpose, and merges
    the outputs the right way for a correct split (transpose to (n, h, w), then reshape).

    Each "head" holds pieces of several tokens, and the merge does not undo the wrong split.
    """
    X = np.asarray(X, dtype=float)
    n, h = X.shape[0], num_heads
    Q, K, V = ((X @ np.asarray(W, float)).reshape(h, n, -1) for W in (Wq, Wk, Wv))
    scores = Q @ K.transpose(0, 2, 1) / np.sqrt(Q.shape[2])
    if causal:
        scores = np.where(np.tril(np.ones((n, n), dtype=bool)), scores, -np.inf)
    exps = np.exp(scores - scores.max(axis=2, keepdims=True))
    heads = exps / exps.sum(axis=2, keepdims=True) @ V
    return heads.transpose(1, 0, 2).reshape(n, -1) @ np.asarray(Wo, float)
