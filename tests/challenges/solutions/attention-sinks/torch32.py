import math

import torch

BLOCK = 256


def sink_attention(Q, K, V, sinks, window):
    f32 = torch.float32
    q, k, v = (torch.tensor(m, dtype=f32) for m in (Q, K, V))
    n = q.shape[0]
    root_d = math.sqrt(q.shape[1])
    out = torch.empty(n, v.shape[1], dtype=f32)
    for start in range(0, n, BLOCK):
        stop = min(start + BLOCK, n)
        band = max(0, start - window + 1)
        # the sinks below the band, then the band itself: each key once
        seen = torch.cat([torch.arange(min(sinks, band)), torch.arange(band, stop)])
        scores = q[start:stop] @ k[seen].T / root_d
        rows = torch.arange(start, stop)[:, None]
        cols = seen[None, :]
        hidden = (cols > rows) | ((cols <= rows - window) & (cols >= sinks))
        weights = torch.softmax(scores.masked_fill(hidden, -math.inf), dim=1)
        out[start:stop] = weights @ v[seen]
    return out
