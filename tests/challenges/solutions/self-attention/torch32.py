import math

import torch


def self_attention(X, Wq, Wk, Wv):
    x = torch.tensor(X, dtype=torch.float32)
    q = x @ torch.tensor(Wq, dtype=torch.float32)
    k = x @ torch.tensor(Wk, dtype=torch.float32)
    v = x @ torch.tensor(Wv, dtype=torch.float32)
    weights = torch.softmax(q @ k.T / math.sqrt(k.shape[1]), dim=-1)
    return weights @ v
