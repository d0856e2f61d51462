import numpy as np


def multi_head_attention(X, Wq, Wk, Wv, Wo, num_heads, causal=False):
    """Splits the heads correctly (reshape to (n, h, w), then transpose to (h, n, w)) but merges
    their (h, n, w) outputs with a plain reshape to (n, h * w), without transposing back.

    Row-major order then fills each output row with consecutive entries of the head-major array:
    head 0 of several tokens, and so on, instead of every head of one token.
    """
    X = np.asarray(X, dtype=float)
    n, h = X.shape[0], num_heads
    Q, K, V = ((X @ np.asarray(W, float)).reshape(n, h, -1).transpose(1, 0, 2)
               for W in (Wq, Wk, Wv))
    scores = Q @ K.transpose(0, 2, 1) / np.sqrt(Q.shape[2])
    if causal:
        scores = np.where(np.tril(np.ones((n, n), dtype=bool)), scores, -np.inf)
    exps = np.exp(scores - scores.max(axis=2, keepdims=True))
    heads = exps / exps.sum(axis=2, keepdims=True) @ V
    return heads.reshape(n, -1) @ np.asarray(Wo, float)
