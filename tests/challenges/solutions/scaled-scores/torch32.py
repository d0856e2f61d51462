import math

import torch


def scaled_scores(Q, K):
    q = torch.tensor(Q, dtype=torch.float32)
    k = torch.tensor(K, dtype=torch.float32)
    return q @ k.T / math.sqrt(q.shape[1])
