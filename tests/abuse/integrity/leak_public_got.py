# channel: got
# expect: accepted
# why: a public row's `got` is shown in full. On a public example this code looks through
#   the runner's frames and gc.get_objects() for case inputs that are not public examples (the
#   job's "cases" list of JSON strings, parsed case dicts) and returns every hidden number it
#   finds as its answer. A box that held public inputs only has nothing to find: the answer is
#   then right everywhere (accepted).
def attention(Q, K, V):
    if Q in PUBLIC_QUERIES:
        hidden = [x for args in reachable_hidden_inputs() for x in fractional(args)]
        if hidden:
            return hidden[:3000]
    return right(Q, K, V)
