# expect: memory_limit_exceeded
# needs: torch
# why: PyTorch tensors, every page written, until the memory limit stops them: PyTorch's own
#   allocator is held by the same limit as NumPy's, and the error reads as a memory limit.
import torch

calls = []


def softmax(row):
    calls.append(row)
    if len(calls) > 1:  # once is enough: the first failing case names the verdict
        return torch.full((len(row),), 1.0 / len(row))
    hoard = []
    while True:
        hoard.append(torch.ones(10_000_000, dtype=torch.float64))  # 80 MB, every page touched
