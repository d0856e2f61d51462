import numpy as np


def positional_encoding(seq_len, d_model):
    """Return the seq_len x d_model sinusoidal position encodings of "Attention Is All You Need"."""
    positions = np.arange(seq_len, dtype=np.float64)[:, None]  # 0, 1, ..., seq_len - 1
    columns = np.arange(d_model)
    # Columns 2i and 2i + 1 share the exponent 2i / d_model (with the true, possibly odd,
    # d_model): a sine in the even column, a cosine in the odd one.
    pair_start = columns - columns % 2
    angles = positions / 10000.0 ** (pair_start / d_model)
    return np.where(columns % 2 == 0, np.sin(angles), np.cos(angles))
