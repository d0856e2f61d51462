import numpy as np

F32 = np.float32


def _layer_norm(x, gamma, beta):
    mu = x.mean(axis=1, keepdims=True)
    var = ((x - mu) ** 2).mean(axis=1, keepdims=True)
    return gamma * (x - mu) / np.sqrt(var + F32(1e-5)) + beta


def _gelu(z):
    c = F32(np.sqrt(2.0 / np.pi))
    return F32(0.5) * z * (F32(1.0) + np.tanh(c * (z + F32(0.044715) * z ** 3)))


def transformer_block(X, params, num_heads):
    p = {key: np.asarray(value, dtype=F32) for key, value in params.items()}
    X = np.asarray(X, dtype=F32)
    n = X.shape[0]
    A = _layer_norm(X, p["ln1_gamma"], p["ln1_beta"])
    Q, K, V = A @ p["Wq"], A @ p["Wk"], A @ p["Wv"]
    d_h = Q.shape[1] // num_heads
    future = np.triu(np.ones((n, n), dtype=bool), k=1)
    heads = []
    for i in range(num_heads):
        cols = slice(i * d_h, (i + 1) * d_h)
        scores = Q[:, cols] @ K[:, cols].T / np.sqrt(F32(d_h))
        scores = np.where(future, F32(-np.inf), scores)
        m = scores.max(axis=1, keepdims=True)
        log_total = m + np.log(np.exp(scores - m).sum(axis=1, keepdims=True))
        heads.append(np.exp(scores - log_total) @ V[:, cols])
    H = X + np.concatenate(heads, axis=1) @ p["Wo"]
    hidden = _gelu(_layer_norm(H, p["ln2_gamma"], p["ln2_beta"]) @ p["W1"] + p["b1"])
    return H + hidden @ p["W2"] + p["b2"]
