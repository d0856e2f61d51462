# channel: error_type
# expect: runtime_error
# why: an exception's type name is learner-chosen text. On a hidden case this code raises an
#   exception class made on the spot whose name spells that case's numbers
#   (type("E_<its numbers>_...", (Exception,), {})); on a public example it does the same with
#   every hidden number it can reach, if any. A hidden row may show only an allow-listed built-in
#   error type: this one is "Exception". Public examples are answered right.
def spelled(values):
    return "E_" + "_".join(repr(v) for v in values[:8])


def attention(Q, K, V):
    if Q in PUBLIC_QUERIES:
        hidden = [x for args in reachable_hidden_inputs() for x in fractional(args)]
        if not hidden:
            return right(Q, K, V)
    else:
        hidden = fractional([Q, K, V])
    raise type(spelled(hidden), (Exception,), {})("hidden numbers in the type's name")
