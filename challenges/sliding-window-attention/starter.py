def sliding_window_attention(Q, K, V, window):
    """Return causal attention restricted to a sliding window of recent keys.

    Q, K: n rows of d numbers each (one query and one key per token, in order).
    V: n rows of dv numbers (row j belongs to key j).
    window: an int >= 1, the number of keys each query sees, itself included:
        query i sees keys j with i - window < j <= i (and j >= 0).
    Returns an n x dv matrix: row i is the softmax(q_i . k_j / sqrt(d))-weighted average of
    the visible V[j].
    """
    # Replace this placeholder with your implementation.
    return [[0.0 for _ in V[0]] for _ in Q]
