import math


def softmax(row):
    """Exponentiate the raw logits with math.exp, as a pure-Python solution would.

    Logits in the thousands raise OverflowError; logits near -740 fall into subnormal
    numbers and lose their precision; logits near -10000 all round to 0 and divide 0 by 0.
    """
    exps = [math.exp(x) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
