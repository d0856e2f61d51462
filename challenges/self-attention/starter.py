def self_attention(X, Wq, Wk, Wv):
    """Return single-head self-attention over the tokens of X.

    X: n tokens, a list of n rows of d_model numbers.
    Wq, Wk: d_model x d_k matrices; Q = X Wq and K = X Wk.
    Wv: a d_model x dv matrix; V = X Wv.
    Returns an n x dv matrix: softmax(Q K^T / sqrt(d_k)) V, the softmax along each row.
    """
    # Replace this placeholder with your implementation.
    return [[0.0 for _ in Wv[0]] for _ in X]
