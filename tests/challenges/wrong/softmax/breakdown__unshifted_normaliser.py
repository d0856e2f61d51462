import math


def softmax(row):
    # The numerators subtract the row maximum, the normaliser does not: exp of a large
    # logit overflows in the log-sum-exp.
    top = max(row)
    log_total = math.log(sum(math.exp(x) for x in row))
    return [math.exp(x - top) / math.exp(log_total - top) for x in row]
