import torch


def apply_rope(X, base=10000.0):
    x = torch.tensor(X, dtype=torch.float32)
    n, d = x.shape
    pair = torch.arange(d // 2, dtype=torch.float32)
    theta = float(base) ** (-2.0 * pair / d)
    angle = torch.arange(n, dtype=torch.float32)[:, None] * theta[None, :]
    cos, sin = torch.cos(angle), torch.sin(angle)
    even, odd = x[:, 0::2], x[:, 1::2]
    rotated = torch.stack((even * cos - odd * sin, even * sin + odd * cos), dim=-1)
    return rotated.reshape(n, d)  # (n, d/2, 2) back to interleaved pairs
