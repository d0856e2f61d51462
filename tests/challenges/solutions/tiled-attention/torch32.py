import math

import torch


def tiled_attention(Q, K, V, block_size):
    f32 = torch.float32
    q, k, v = (torch.tensor(m, dtype=f32) for m in (Q, K, V))
    n = q.shape[0]
    root_d = math.sqrt(q.shape[1])
    out = torch.empty(n, v.shape[1], dtype=f32)
    for start in range(0, n, block_size):
        stop = min(start + block_size, n)
        queries = q[start:stop]
        best = torch.full((stop - start, 1), -math.inf, dtype=f32)
        total = torch.zeros(stop - start, 1, dtype=f32)
        acc = torch.zeros(stop - start, v.shape[1], dtype=f32)
        for key_start in range(0, start + 1, block_size):  # up to the diagonal tile
            key_stop = min(key_start + block_size, n)
            scores = queries @ k[key_start:key_stop].T / root_d
            if key_start == start:
                rows = torch.arange(start, stop)[:, None]
                cols = torch.arange(key_start, key_stop)[None, :]
                scores = scores.masked_fill(cols > rows, -math.inf)
            new_best = torch.maximum(best, scores.max(dim=1, keepdim=True).values)
            shrink = torch.exp(best - new_best)
            weights = torch.exp(scores - new_best)
            total = total * shrink + weights.sum(dim=1, keepdim=True)
            acc = acc * shrink + weights @ v[key_start:key_stop]
            best = new_best
        out[start:stop] = acc / total
    return out
