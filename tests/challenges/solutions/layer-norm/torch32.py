import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    rows = torch.tensor(x, dtype=torch.float32)
    mean = rows.mean(dim=-1, keepdim=True)
    centred = rows - mean
    variance = (centred * centred).mean(dim=-1, keepdim=True)
    normed = centred / torch.sqrt(variance + eps)
    scale = torch.tensor(gamma, dtype=torch.float32)
    shift = torch.tensor(beta, dtype=torch.float32)
    return normed * scale + shift
