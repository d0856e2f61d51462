def alibi_attention(Q, K, V, num_heads):
    """Return causal multi-head attention with ALiBi distance penalties.

    Q, K: n rows of num_heads * d numbers; V: n rows of num_heads * dv numbers. Head h
    (from 0) uses the contiguous column block h of each.
    Head h adds -slope_h * (i - j) to the score q_i . k_j / sqrt(d) of every visible key
    j <= i, with slope_h = 2 ** (-8 * (h + 1) / num_heads); keys j > i are hidden.
    Returns an n x (num_heads * dv) matrix: the head outputs side by side, in head order.
    """
    # Replace this placeholder with your implementation.
    return [[0.0 for _ in V[0]] for _ in Q]
