import torch


def layer_norm_backward(x, gamma, beta, dy, eps=1e-5):
    f32 = torch.float32
    rows = torch.tensor(x, dtype=f32)
    upstream = torch.tensor(dy, dtype=f32)
    centred = rows - rows.mean(dim=1, keepdim=True)
    rstd = torch.rsqrt((centred * centred).mean(dim=1, keepdim=True) + eps)
    xhat = centred * rstd
    dgamma = (upstream * xhat).sum(dim=0)
    dbeta = upstream.sum(dim=0)
    g = upstream * torch.tensor(gamma, dtype=f32)
    dx = rstd * (g - g.mean(dim=1, keepdim=True) - xhat * (g * xhat).mean(dim=1, keepdim=True))
    return dx, dgamma, dbeta
