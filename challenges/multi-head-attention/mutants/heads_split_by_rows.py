import numpy as np


def multi_head_attention(X, Wq, Wk, Wv, Wo, num_heads, causal=False):
    """Reshapes Q, K, V to (heads, n, width) directly, without the transpose.

    Row-major reshaping then cuts the flattened matrix into runs of consecutive tokens, so a
    "head" holds pieces of several tokens instead of one block of columns of every token. The
    heads' outputs are put back with the same reshape.
    """
    X = np.asarray(X, dtype=float)
    n, h = X.shape[0], num_heads
    Q = (X @ np.asarray(Wq, float)).reshape(h, n, -1)
    K = (X @ np.asarray(Wk, float)).reshape(h, n, -1)
    V = (X @ np.asarray(Wv, float)).reshape(h, n, -1)
    scores = Q @ K.transpose(0, 2, 1) / np.sqrt(Q.shape[2])
    if causal:
        scores = np.where(np.tril(np.ones((n, n), dtype=bool)), scores, -np.inf)
    exps = np.exp(scores - scores.max(axis=2, keepdims=True))
    heads = exps / exps.sum(axis=2, keepdims=True) @ V
    return heads.reshape(n, -1) @ np.asarray(Wo, float)
