def multi_head_attention(X, Wq, Wk, Wv, Wo, num_heads, causal=False):
    """Return multi-head self-attention over the tokens of X.

    X: n tokens, a list of n rows of d_model numbers.
    Wq, Wk: d_model x D matrices, D divisible by num_heads; d_head = D / num_heads.
    Wv: a d_model x Dv matrix, Dv divisible by num_heads.
    Wo: a Dv x d_out output projection.
    num_heads: the number of heads h; head i uses columns i*d_head .. (i+1)*d_head - 1 of
        X Wq and X Wk, and the matching block of Dv / h columns of X Wv.
    causal: when True, token i attends to tokens 0..i only.
    Returns an n x d_out matrix: the heads' outputs side by side (n x Dv), times Wo.
    """
    # Replace this placeholder with your implementation.
    return [[0.0 for _ in Wo[0]] for _ in X]
