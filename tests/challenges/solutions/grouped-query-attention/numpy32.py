import numpy as np


def grouped_query_attention(X, Wq, Wk, Wv, Wo, num_heads, num_kv_heads):
    X, Wq, Wk, Wv, Wo = (np.asarray(a, dtype=np.float32) for a in (X, Wq, Wk, Wv, Wo))
    Q, K, V = X @ Wq, X @ Wk, X @ Wv
    q_heads = np.split(Q, num_heads, axis=1)
    k_heads = np.split(K, num_kv_heads, axis=1)
    v_heads = np.split(V, num_kv_heads, axis=1)
    group = num_heads // num_kv_heads
    outputs = []
    for h, Qh in enumerate(q_heads):
        Kg, Vg = k_heads[h // group], v_heads[h // group]
        scores = (Qh @ Kg.T) / np.sqrt(np.float32(Qh.shape[1]))
        scores = scores - scores.max(axis=1, keepdims=True)
        weights = np.exp(scores)
        weights = weights / weights.sum(axis=1, keepdims=True)
        outputs.append(weights @ Vg)
    return np.concatenate(outputs, axis=1) @ Wo
