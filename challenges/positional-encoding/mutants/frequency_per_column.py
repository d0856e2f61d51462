import numpy as np


def positional_encoding(seq_len, d_model):
    """Uses the column index j in the exponent (j / d_model) instead of the pair's 2i / d_model,
    so a sine and its cosine no longer share a frequency."""
    pos = np.arange(seq_len)[:, None]
    j = np.arange(d_model)
    angles = pos / 10000.0 ** (j / d_model)
    return np.where(j % 2 == 0, np.sin(angles), np.cos(angles))
