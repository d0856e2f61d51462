import math

import torch


def multi_head_attention_backward(X, Wq, Wk, Wv, Wo, num_heads, dOut):
    f32 = torch.float32
    x, wq, wk, wv, wo = (torch.tensor(m, dtype=f32) for m in (X, Wq, Wk, Wv, Wo))
    d_out = torch.tensor(dOut, dtype=f32)
    n = x.shape[0]

    def split(m):  # (n, D) -> (h, n, D / h): head i owns the i-th block of columns
        return m.reshape(n, num_heads, m.shape[1] // num_heads).transpose(0, 1)

    def merge(m):  # (h, n, D / h) -> (n, D), the inverse of split
        return m.transpose(0, 1).reshape(n, -1)

    q, k, v = x @ wq, x @ wk, x @ wv
    qh, kh, vh = split(q), split(k), split(v)
    root_d = math.sqrt(qh.shape[2])
    weights = torch.softmax(qh @ kh.transpose(1, 2) / root_d, dim=-1)  # (h, n, n)
    heads = merge(weights @ vh)
    d_wo = heads.T @ d_out
    d_heads = split(d_out @ wo.T)
    d_vh = weights.transpose(1, 2) @ d_heads
    d_weights = d_heads @ vh.transpose(1, 2)
    d_scores = weights * (d_weights - (weights * d_weights).sum(dim=-1, keepdim=True))
    d_q = merge(d_scores @ kh / root_d)
    d_k = merge(d_scores.transpose(1, 2) @ qh / root_d)
    d_v = merge(d_vh)
    d_x = d_q @ wq.T + d_k @ wk.T + d_v @ wv.T
    return d_x, x.T @ d_q, x.T @ d_k, x.T @ d_v, d_wo
