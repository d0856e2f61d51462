import math

import torch


def attention_with_temperature(Q, K, V, temperature):
    q, k, v = (torch.tensor(m, dtype=torch.float32) for m in (Q, K, V))
    scores = (q @ k.T) / (math.sqrt(q.shape[1]) * temperature)
    return torch.softmax(scores, dim=1) @ v
