# expect: accepted
# needs: torch
# why: PyTorch starts with one thread for its operators (OMP_NUM_THREADS=1 in every box); a
#   submission that asks for more gets them only within the box's process limit, and their CPU
#   time counts against its CPU limit like the main thread's (the answer is still right).

import math

import torch

THREADS_AT_START = torch.get_num_threads()


def softmax(row):
    assert THREADS_AT_START == 1, THREADS_AT_START
    torch.set_num_threads(4)
    product = torch.ones(256, 256) @ torch.ones(256, 256)
    assert float(product[0, 0]) == 256.0
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    return torch.tensor(exps, dtype=torch.float64) / sum(exps)
