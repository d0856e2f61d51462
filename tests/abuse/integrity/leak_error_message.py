# channel: message
# expect: runtime_error
# why: an exception's message is learner-chosen text. On a hidden case this code raises
#   ValueError(repr of that case's numbers); on a public example it raises the same with every
#   hidden number it can reach, if any. A hidden row shows a fixed failure message and the
#   error type (ValueError is a built-in, so it may be named), never the exception's text.
#   Public examples are answered right.
def attention(Q, K, V):
    if Q in PUBLIC_QUERIES:
        hidden = [x for args in reachable_hidden_inputs() for x in fractional(args)]
        if not hidden:
            return right(Q, K, V)
    else:
        hidden = fractional([Q, K, V])
    raise ValueError(repr(hidden[:40]))
