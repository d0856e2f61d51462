def attention_with_temperature(Q, K, V, temperature):
    """Return scaled dot-product attention whose scores are also divided by a temperature.

    Q: n query vectors, a list of n rows of d numbers.
    K: m key vectors, a list of m rows of d numbers.
    V: m value vectors, a list of m rows of dv numbers (row j belongs to key j).
    temperature: a number T > 0; the scores are Q K^T / (sqrt(d) * T).
    Returns an n x dv matrix: softmax(Q K^T / (sqrt(d) * T)) V, the softmax along each row.
    """
    # Replace this placeholder with your implementation.
    return [[0.0 for _ in V[0]] for _ in Q]
