import torch


def positional_encoding(seq_len, d_model):
    positions = torch.arange(seq_len, dtype=torch.float32).unsqueeze(1)
    columns = torch.arange(d_model)
    pair_start = (columns - columns % 2).to(torch.float32)
    rates = torch.pow(torch.tensor(10000.0), -pair_start / d_model)
    angles = positions * rates
    return torch.where(columns % 2 == 0, torch.sin(angles), torch.cos(angles))
