import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    centred = x - mean
    var = (centred ** 2).mean(axis=-1, keepdims=True)
    return gamma * centred / np.sqrt(var + np.float32(eps)) + beta


def gelu(z):
    c = np.float32(np.sqrt(2.0 / np.pi))
    return np.float32(0.5) * z * (1 + np.tanh(c * (z + np.float32(0.044715) * z ** 3)))


def causal_multi_head(A, Wq, Wk, Wv, Wo, num_heads):
    n = A.shape[0]
    Q, K, V = A @ Wq, A @ Wk, A @ Wv
    future = np.triu(np.ones((n, n), dtype=bool), k=1)
    heads = []
    for Qh, Kh, Vh in zip(np.split(Q, num_heads, axis=1), np.split(K, num_heads, axis=1),
                          np.split(V, num_heads, axis=1), strict=True):
        scores = (Qh @ Kh.T) / np.sqrt(np.float32(Qh.shape[1]))
        scores = np.where(future, np.float32(-np.inf), scores)
        scores = scores - scores.max(axis=1, keepdims=True)
        weights = np.exp(scores)
        weights = weights / weights.sum(axis=1, keepdims=True)
        heads.append(weights @ Vh)
    return np.concatenate(heads, axis=1) @ Wo


def transformer_block(X, params, num_heads):
    X = np.asarray(X, dtype=np.float32)
    p = {name: np.asarray(value, dtype=np.float32) for name, value in params.items()}
    A = layer_norm(X, p["ln1_gamma"], p["ln1_beta"])
    H = X + causal_multi_head(A, p["Wq"], p["Wk"], p["Wv"], p["Wo"], num_heads)
    B = layer_norm(H, p["ln2_gamma"], p["ln2_beta"])
    return H + gelu(B @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
