import numpy as np


def positional_encoding(seq_len, d_model):
    """For an odd d_model, computes the encoding of width d_model + 1 and drops the last column,
    so the exponents use d_model + 1 instead of d_model."""
    width = d_model + d_model % 2
    pos = np.arange(seq_len)[:, None]
    j = np.arange(width)
    angles = pos / 10000.0 ** ((j - j % 2) / width)
    return np.where(j % 2 == 0, np.sin(angles), np.cos(angles))[:, :d_model]
