import math

import torch


def attention_weights(Q, K):
    q = torch.tensor(Q, dtype=torch.float32)
    k = torch.tensor(K, dtype=torch.float32)
    scores = q @ k.T / math.sqrt(q.shape[-1])
    return torch.softmax(scores, dim=-1)
