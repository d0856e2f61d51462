import math

import torch


def sliding_window_attention(Q, K, V, window):
    q, k, v = (torch.tensor(m, dtype=torch.float32) for m in (Q, K, V))
    n = q.shape[0]
    i = torch.arange(n).unsqueeze(1)
    j = torch.arange(n).unsqueeze(0)
    visible = (j <= i) & (j > i - window)
    scores = q @ k.T / math.sqrt(k.shape[1])
    scores = torch.where(visible, scores, torch.tensor(float("-inf")))
    return torch.softmax(scores, dim=1) @ v
