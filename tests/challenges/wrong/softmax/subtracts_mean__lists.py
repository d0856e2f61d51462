import math


def softmax(row):
    mean = sum(row) / len(row)
    exps = []
    for value in row:
        exps.append(math.exp(value - mean))
    total = sum(exps)
    return [value / total for value in exps]
