import math

import torch


def online_softmax_attention(Q, K, V, block_size):
    q, k, v = (torch.tensor(m, dtype=torch.float32) for m in (Q, K, V))
    n, m = q.shape[0], k.shape[0]
    scale = 1.0 / math.sqrt(q.shape[1])
    best = torch.full((n, 1), -math.inf)
    total = torch.zeros(n, 1)
    out = torch.zeros(n, v.shape[1])
    for start in range(0, m, block_size):
        scores = q @ k[start:start + block_size].T * scale
        new_best = torch.maximum(best, scores.max(dim=1, keepdim=True).values)
        correction = torch.exp(best - new_best)
        weights = torch.exp(scores - new_best)
        total = correction * total + weights.sum(dim=1, keepdim=True)
        out = correction * out + weights @ v[start:start + block_size]
        best = new_best
    return out / total
