import torch


def rms_norm(x, weight, eps=1e-6):
    rows = torch.tensor(x, dtype=torch.float32)
    rms = torch.sqrt(rows.pow(2).mean(dim=1, keepdim=True) + eps)
    return rows / rms * torch.tensor(weight, dtype=torch.float32)
