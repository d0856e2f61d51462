import numpy as np


def positional_encoding(seq_len, d_model):
    """Numbers the positions 1 .. seq_len instead of 0 .. seq_len - 1."""
    pos = np.arange(1, seq_len + 1)[:, None]
    j = np.arange(d_model)
    angles = pos / 10000.0 ** ((j - j % 2) / d_model)
    return np.where(j % 2 == 0, np.sin(angles), np.cos(angles))
