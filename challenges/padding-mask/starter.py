def masked_attention(Q, K, V, key_mask):
    """Return scaled dot-product attention that ignores the padding keys.

    Q: n query vectors, a list of n rows of d numbers.
    K: m key vectors, a list of m rows of d numbers.
    V: m value vectors, a list of m rows of dv numbers (row j belongs to key j).
    key_mask: m booleans; key_mask[j] is True when key j is a real token and False when it
        is padding that no query may attend to. At least one entry is True.
    Returns an n x dv matrix: row i is the average of the real tokens' values, weighted by the
    softmax of query i's scaled scores over the real keys only.
    """
    # Replace this placeholder with your implementation.
    return [[0.0 for _ in V[0]] for _ in Q]
