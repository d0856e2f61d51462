import torch


def softmax(row):
    logits = torch.tensor(row, dtype=torch.float32)
    return torch.softmax(logits, dim=0)
