import numpy as np

EPS = 1e-5


def layer_norm(x, gamma, beta):
    """Normalise each row to mean 0 and (biased) variance 1, then scale and shift."""
    mean = x.mean(axis=1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=1, keepdims=True)
    return (x - mean) / np.sqrt(var + EPS) * gamma + beta


def gelu(x):
    """GELU, tanh approximation (as in GPT-2)."""
    return 0.5 * x * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (x + 0.044715 * x ** 3)))


def causal_multi_head(x, Wq, Wk, Wv, Wo, num_heads):
    """Causal multi-head self-attention; heads are contiguous column blocks."""
    Q, K, V = x @ Wq, x @ Wk, x @ Wv
    n, d_head = x.shape[0], Q.shape[1] // num_heads
    future = np.triu(np.ones((n, n), dtype=bool), k=1)
    heads = []
    for h in range(num_heads):
        block = slice(h * d_head, (h + 1) * d_head)
        scores = Q[:, block] @ K[:, block].T / np.sqrt(d_head)
        scores = np.where(future, -np.inf, scores)
        exps = np.exp(scores - scores.max(axis=1, keepdims=True))
        heads.append(exps / exps.sum(axis=1, keepdims=True) @ V[:, block])
    return np.concatenate(heads, axis=1) @ Wo


def transformer_block(X, params, num_heads):
    """A pre-norm decoder block: x + attn(LN1(x)), then + MLP(LN2(.))."""
    p = {name: np.asarray(value, dtype=np.float64) for name, value in params.items()}
    x = np.asarray(X, dtype=np.float64)
    # Each sub-layer reads a normalised copy; the residual stream itself is never normalised.
    x = x + causal_multi_head(layer_norm(x, p["ln1_gamma"], p["ln1_beta"]),
                              p["Wq"], p["Wk"], p["Wv"], p["Wo"], num_heads)
    hidden = gelu(layer_norm(x, p["ln2_gamma"], p["ln2_beta"]) @ p["W1"] + p["b1"])
    return x + hidden @ p["W2"] + p["b2"]
