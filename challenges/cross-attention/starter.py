def cross_attention(X, Y, Wq, Wk, Wv):
    """Return cross-attention: the tokens of X attend to the tokens of Y.

    X: n tokens that ask, a list of n rows of d_x numbers (e.g. a decoder's tokens).
    Y: m context tokens, a list of m rows of d_y numbers (e.g. an encoder's output).
    Wq: a d_x x d_k matrix, Q = X Wq.
    Wk: a d_y x d_k matrix, K = Y Wk.
    Wv: a d_y x dv matrix, V = Y Wv.
    Returns an n x dv matrix: softmax(Q K^T / sqrt(d_k)) V, the softmax along each row.
    """
    # Replace this placeholder with your implementation.
    return [[0.0 for _ in Wv[0]] for _ in X]
