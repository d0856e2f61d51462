import math

import torch


def multi_head_attention(X, Wq, Wk, Wv, Wo, num_heads, causal=False):
    f32 = torch.float32
    x = torch.tensor(X, dtype=f32)
    n = x.shape[0]
    q = x @ torch.tensor(Wq, dtype=f32)
    k = x @ torch.tensor(Wk, dtype=f32)
    v = x @ torch.tensor(Wv, dtype=f32)
    d_head = q.shape[1] // num_heads
    # (n, D) -> (n, h, d_head) -> (h, n, d_head): heads own column blocks
    qh = q.reshape(n, num_heads, d_head).transpose(0, 1)
    kh = k.reshape(n, num_heads, d_head).transpose(0, 1)
    vh = v.reshape(n, num_heads, v.shape[1] // num_heads).transpose(0, 1)
    scores = qh @ kh.transpose(1, 2) / math.sqrt(d_head)
    if causal:
        future = torch.triu(torch.ones(n, n, dtype=torch.bool), diagonal=1)
        scores = scores.masked_fill(future, -math.inf)
    heads = torch.softmax(scores, dim=-1) @ vh  # (h, n, dv_head)
    merged = heads.transpose(0, 1).reshape(n, -1)
    return merged @ torch.tensor(Wo, dtype=f32)
