import math

import torch


def decode_step(Q, K, V, cache_K, cache_V):
    f32 = torch.float32
    q, k, v = (torch.tensor(m, dtype=f32) for m in (Q, K, V))
    t = q.shape[0]
    # an empty cache is [], a tensor of shape (0,): give it the width of the new rows
    past_k = torch.tensor(cache_K, dtype=f32).reshape(-1, k.shape[1])
    past_v = torch.tensor(cache_V, dtype=f32).reshape(-1, v.shape[1])
    p = past_k.shape[0]
    keys = torch.cat([past_k, k])
    values = torch.cat([past_v, v])
    scores = q @ keys.T / math.sqrt(q.shape[1])  # t x (p + t)
    new_key = torch.arange(t)[None, :]
    scores[:, p:] = scores[:, p:].masked_fill(new_key > torch.arange(t)[:, None], -math.inf)
    return torch.softmax(scores, dim=1) @ values
