def causal_attention(Q, K, V):
    """Return causal scaled dot-product attention: query i attends to keys 0..i only.

    Q: n query vectors, a list of n rows of d numbers.
    K: n key vectors, a list of n rows of d numbers (one per token, like Q).
    V: n value vectors, a list of n rows of dv numbers (row j belongs to key j).
    Returns an n x dv matrix (a list of n rows of dv floats): row i is the average of
    V[0], ..., V[i] weighted by the softmax of query i's scaled scores against K[0..i].
    """
    # Replace this placeholder with your implementation.
    return [[0.0 for _ in V[0]] for _ in Q]
