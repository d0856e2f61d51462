import numpy as np


def transformer_block(X, params, num_heads):
    P = {k: np.array(v, dtype=float) for k, v in params.items()}
    x = np.array(X, dtype=float)

    def norm(z, g, b):
        mu = z.mean(-1, keepdims=True)
        return g * (z - mu) / np.sqrt(z.var(-1, keepdims=True) + 1e-5) + b

    n = x.shape[0]
    h = norm(x, P["ln1_gamma"], P["ln1_beta"])
    q, k, v = (h @ P[w] for w in ("Wq", "Wk", "Wv"))
    dh = q.shape[1] // num_heads
    mask = np.triu(np.ones((n, n)), 1) * -1e4
    outs = []
    for a in range(num_heads):
        cols = slice(a * dh, (a + 1) * dh)
        att = q[:, cols] @ k[:, cols].T / dh ** 0.5 + mask
        att = np.exp(att - att.max(1, keepdims=True))
        outs.append(att / att.sum(1, keepdims=True) @ v[:, cols])
    x = x + np.hstack(outs) @ P["Wo"]
    u = norm(x, P["ln2_gamma"], P["ln2_beta"]) @ P["W1"] + P["b1"]
    g = 0.5 * u * (1 + np.tanh(np.sqrt(2 / np.pi) * (u + 0.044715 * u ** 3)))
    return x + g @ P["W2"] + P["b2"]
