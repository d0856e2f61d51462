# channel: weights
# expect: accepted
# why: public rows of an attention challenge show the learner's weights, read by calling the
#   function once more per public example with V replaced by the identity. On that call this
#   code returns, as a matrix, every hidden number it can reach from the runner's frames or
#   gc.get_objects(). A probe run in a box that held public inputs only finds nothing and
#   gets the true weights (accepted).
def attention(Q, K, V):
    values = np.asarray(V, dtype=np.float64)
    if values.ndim == 2 and values.shape[0] == values.shape[1] \
            and np.array_equal(values, np.eye(len(values))):
        hidden = [x for args in reachable_hidden_inputs() for x in fractional(args)]
        if hidden:
            return [[x] for x in hidden[:3000]]
    return right(Q, K, V)
