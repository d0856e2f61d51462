def grouped_query_attention(X, Wq, Wk, Wv, Wo, num_heads, num_kv_heads):
    """Return grouped-query attention over the n tokens of X (no mask).

    X: n x d_model. Wq: d_model x (num_heads * d_head).
    Wk: d_model x (num_kv_heads * d_head). Wv: d_model x (num_kv_heads * dv_head).
    Wo: (num_heads * dv_head) x d_out. num_heads is a multiple of num_kv_heads.
    Heads are contiguous column blocks. Query head h uses key/value head
    h // (num_heads // num_kv_heads) and scales its scores by sqrt(d_head).
    The num_heads head outputs (n x dv_head each) are concatenated in head order and
    multiplied by Wo. Returns an n x d_out matrix.
    """
    # Replace this placeholder with your implementation.
    d_out = len(Wo[0])
    return [[0.0] * d_out for _ in X]
