import torch


def rms_norm_backward(x, weight, dy, eps=1e-6):
    f32 = torch.float32
    rows = torch.tensor(x, dtype=f32)
    upstream = torch.tensor(dy, dtype=f32)
    r = torch.rsqrt((rows * rows).mean(dim=1, keepdim=True) + eps)
    dweight = (upstream * rows * r).sum(dim=0)
    g = upstream * torch.tensor(weight, dtype=f32)
    dx = r * (g - rows * r * r * (g * rows).mean(dim=1, keepdim=True))
    return dx, dweight
