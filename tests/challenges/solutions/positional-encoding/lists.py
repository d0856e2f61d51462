import math


def positional_encoding(seq_len, d_model):
    table = []
    for pos in range(seq_len):
        row = []
        for j in range(d_model):
            pair_start = j - j % 2  # columns 2i and 2i + 1 share the exponent 2i / d_model
            angle = pos / 10000 ** (pair_start / d_model)
            row.append(math.sin(angle) if j % 2 == 0 else math.cos(angle))
        table.append(row)
    return table
