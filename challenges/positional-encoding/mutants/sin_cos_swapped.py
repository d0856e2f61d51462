import numpy as np


def positional_encoding(seq_len, d_model):
    """Cosine in the even columns and sine in the odd ones."""
    pos = np.arange(seq_len)[:, None]
    j = np.arange(d_model)
    angles = pos / 10000.0 ** ((j - j % 2) / d_model)
    return np.where(j % 2 == 0, np.cos(angles), np.sin(angles))
