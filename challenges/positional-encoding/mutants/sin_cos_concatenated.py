import numpy as np


def positional_encoding(seq_len, d_model):
    """All the sines first, then all the cosines (concatenated halves, not interleaved pairs).

    With an odd d_model the sine half gets the extra column.
    """
    pos = np.arange(seq_len)[:, None]
    i = np.arange((d_model + 1) // 2)
    angles = pos / 10000.0 ** (2 * i / d_model)
    return np.concatenate([np.sin(angles), np.cos(angles[:, : d_model // 2])], axis=1)
