import math

import torch


def attention_backward(Q, K, V, dO):
    f32 = torch.float32
    q, k, v = (torch.tensor(m, dtype=f32) for m in (Q, K, V))
    d_out = torch.tensor(dO, dtype=f32)
    root_d = math.sqrt(q.shape[1])
    weights = torch.softmax(q @ k.T / root_d, dim=1)  # n x m
    dv = weights.T @ d_out
    d_weights = d_out @ v.T
    d_scores = weights * (d_weights - (weights * d_weights).sum(dim=1, keepdim=True))
    return d_scores @ k / root_d, d_scores.T @ q / root_d, dv
