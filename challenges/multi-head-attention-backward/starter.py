def multi_head_attention_backward(X, Wq, Wk, Wv, Wo, num_heads, dOut):
    """Return the gradients (dX, dWq, dWk, dWv, dWo) of multi-head attention.

    The forward pass: Q, K, V = X Wq, X Wk, X Wv; head i is softmax(Q_i K_i^T / sqrt(d_head)) V_i
    on the i-th block of contiguous columns; the heads side by side (n x Dv) times Wo.
    X: n x d_model; Wq, Wk: d_model x D; Wv: d_model x Dv; Wo: Dv x d_out; D and Dv are
    divisible by num_heads; dOut: n x d_out, the gradient with respect to the output.
    Returns a tuple of five matrices, each shaped like its input. Do not change the inputs.
    """
    # Replace these placeholders with your implementation.
    return tuple([[0.0 for _ in row] for row in M] for M in (X, Wq, Wk, Wv, Wo))
