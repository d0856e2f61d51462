import math

import torch


def masked_attention(Q, K, V, key_mask):
    q, k, v = (torch.tensor(m, dtype=torch.float32) for m in (Q, K, V))
    real = torch.tensor(key_mask, dtype=torch.bool)
    scores = q @ k.T / math.sqrt(k.shape[1])
    scores = scores.masked_fill(~real, float("-inf"))  # broadcast over every query row
    return torch.softmax(scores, dim=-1) @ v
