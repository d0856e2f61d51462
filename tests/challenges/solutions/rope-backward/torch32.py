import torch


def rope_backward(X, positions, dY, base=10000.0):
    f32 = torch.float32
    grad = torch.tensor(dY, dtype=f32)
    width = grad.shape[1]
    pair_index = torch.arange(0, width, 2, dtype=f32)
    theta = torch.pow(torch.tensor(float(base), dtype=f32), -pair_index / width)
    angle = torch.tensor(positions, dtype=f32)[:, None] * theta[None, :]
    cos, sin = torch.cos(angle), torch.sin(angle)
    first, second = grad[:, 0::2], grad[:, 1::2]
    dx = torch.empty_like(grad)
    # the transpose of a rotation by +t is the rotation by -t
    dx[:, 0::2] = cos * first + sin * second
    dx[:, 1::2] = cos * second - sin * first
    return dx
