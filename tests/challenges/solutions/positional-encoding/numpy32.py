import numpy as np


def positional_encoding(seq_len, d_model):
    pos = np.arange(seq_len, dtype=np.float32)[:, None]
    j = np.arange(d_model)
    exponent = ((j - j % 2) / d_model).astype(np.float32)
    angles = pos / np.power(np.float32(10000.0), exponent)[None, :]
    return np.where(j % 2 == 0, np.sin(angles), np.cos(angles)).astype(np.float32)
