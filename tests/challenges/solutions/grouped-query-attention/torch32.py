import math

import torch


def grouped_query_attention(X, Wq, Wk, Wv, Wo, num_heads, num_kv_heads):
    def t(m):
        return torch.tensor(m, dtype=torch.float32)

    x = t(X)
    n = x.shape[0]
    q, k, v = x @ t(Wq), x @ t(Wk), x @ t(Wv)
    d_h = q.shape[1] // num_heads
    d_vh = v.shape[1] // num_kv_heads
    group = num_heads // num_kv_heads
    q = q.view(n, num_heads, d_h).permute(1, 0, 2)
    # each key/value head repeated for the consecutive query heads of its group
    k = k.view(n, num_kv_heads, d_h).permute(1, 0, 2).repeat_interleave(group, dim=0)
    v = v.view(n, num_kv_heads, d_vh).permute(1, 0, 2).repeat_interleave(group, dim=0)
    weights = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(d_h), dim=-1)
    out = (weights @ v).permute(1, 0, 2).reshape(n, num_heads * d_vh)
    return out @ t(Wo)
