def positional_encoding(seq_len, d_model):
    """Return the sinusoidal positional encodings of positions 0 .. seq_len - 1.

    seq_len: the number of positions (rows), at least 1.
    d_model: the width of an encoding (columns), at least 1; it may be odd.
    Returns a seq_len x d_model matrix PE with, for every column pair (2i, 2i + 1):
        PE[pos][2i]     = sin(pos / 10000 ** (2i / d_model))
        PE[pos][2i + 1] = cos(pos / 10000 ** (2i / d_model))
    When d_model is odd, the last column is a sine column and has no cosine partner.
    """
    # Replace this placeholder with your implementation.
    return [[0.0] * d_model for _ in range(seq_len)]
