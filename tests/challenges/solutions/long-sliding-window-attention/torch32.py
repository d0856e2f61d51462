import math

import torch

BLOCK = 256


def sliding_window_attention(Q, K, V, window):
    f32 = torch.float32
    q, k, v = (torch.tensor(m, dtype=f32) for m in (Q, K, V))
    n = q.shape[0]
    root_d = math.sqrt(q.shape[1])
    out = torch.empty(n, v.shape[1], dtype=f32)
    for start in range(0, n, BLOCK):
        stop = min(start + BLOCK, n)
        first = max(0, start - window + 1)  # the band of keys this block of queries sees
        scores = q[start:stop] @ k[first:stop].T / root_d
        rows = torch.arange(start, stop)[:, None]
        cols = torch.arange(first, stop)[None, :]
        hidden = (cols > rows) | (cols <= rows - window)
        weights = torch.softmax(scores.masked_fill(hidden, -math.inf), dim=1)
        out[start:stop] = weights @ v[first:stop]
    return out
