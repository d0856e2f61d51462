import numpy as np


def online_softmax_attention(Q, K, V, block_size):
    """Starts from the first block's own max, sum and output, then corrects the later blocks
    with exp(new max - old max) instead of exp(old max - new max).

    A grown max scales the earlier terms up instead of down; a jump of more than about 709
    overflows to inf and the row becomes inf / inf = nan.
    """
    Q, K, V = (np.asarray(M, dtype=float) for M in (Q, K, V))
    scale = np.sqrt(Q.shape[1])
    scores = Q @ K[:block_size].T / scale
    running_max = scores.max(axis=1, keepdims=True)
    exps = np.exp(scores - running_max)
    running_sum, output = exps.sum(axis=1, keepdims=True), exps @ V[:block_size]
    with np.errstate(over="ignore", invalid="ignore"):
        for start in range(block_size, K.shape[0], block_size):
            scores = Q @ K[start:start + block_size].T / scale
            new_max = np.maximum(running_max, scores.max(axis=1, keepdims=True))
            correction = np.exp(new_max - running_max)
            exps = np.exp(scores - new_max)
            running_sum = running_sum * correction + exps.sum(axis=1, keepdims=True)
            output = output * correction + exps @ V[start:start + block_size]
            running_max = new_max
        return output / running_sum
