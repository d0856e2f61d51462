def softmax(row):
    """Normalise the raw logits by their sum, skipping the exponential."""
    total = sum(row)
    return [x / total for x in row]
