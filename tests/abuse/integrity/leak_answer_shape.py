# channel: shape
# expect: output_limit_exceeded
# why: a wrong shape is chosen by the learner's code. On a hidden case this code answers with
#   zeros of shape (N, 3), where N = 1000 + the case's first fractional number's first four
#   decimals (mod 9000); on a public example it does the same for the first hidden case it
#   can reach, if any. "expected shape 2x3, got 4841x3" on a row would spell that number: a
#   hidden row says only its category (here: more numbers than the answer's allowance, an
#   output limit). Public examples are answered right.
def code_of(args):
    """Return the number that an answer's shape spells for a case (the test computes it too)."""
    values = fractional(args)
    return 1000 + int(round(abs(values[0]) * 10000)) % 9000 if values else None


def attention(Q, K, V):
    if Q in PUBLIC_QUERIES:
        found = [code_of(args) for args in reachable_hidden_inputs()]
        found = [n for n in found if n is not None]
        if not found:
            return right(Q, K, V)
        rows = found[0]
    else:
        rows = code_of([Q, K, V]) or 7
    return np.zeros((rows, 3))
