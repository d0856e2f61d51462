import numpy as np


def positional_encoding(seq_len, d_model):
    """Swaps the roles of position and pair index in the angle: i / 10000^(2 pos / d_model)."""
    pos = np.arange(seq_len)[:, None]
    j = np.arange(d_model)
    angles = (j // 2) / 10000.0 ** (2 * pos / d_model)
    return np.where(j % 2 == 0, np.sin(angles), np.cos(angles))
