"""Test cases for online_softmax_attention(Q, K, V, block_size): public examples first, then
hidden edge and random cases.

One set of queries, keys and values is given with four block sizes (1, 3, m and m + 5); the
declared checks ask for the same output from each, since the block size must not matter.
The same keys and values in reverse order must give that output too: the order of the keys
never matters to attention, though it changes what falls into each block.
"""

import random


def _matrix(rng, rows, cols, scale=1.0):
    return [[round(rng.gauss(0.0, scale), 4) for _ in range(cols)] for _ in range(rows)]


def _random(rng, n, m, d, dv, block_size):
    return [_matrix(rng, n, d), _matrix(rng, m, d), _matrix(rng, m, dv), block_size]


_QUERIES = [[1, 1, 1, 1], [1, 2, 0, 1], [2, 0, 1, 1], [0, 1, 2, 1], [1, 1, 2, 0]]


def _shifted_scores(rng, n, shifts, block_size):
    """Width-4 integer queries and keys; key j scores shifts[j] plus a few units.

    Every query sums to 4 and every entry of key j is shifts[j] / 2 plus a small integer, so
    the scaled score is shifts[j] + (q . delta) / 2. All values are exact in float32.
    """
    Q = [rng.choice(_QUERIES) for _ in range(n)]
    K = [[shift // 2 + rng.randint(-2, 2) for _ in range(4)] for shift in shifts]
    return [Q, K, _matrix(rng, len(shifts), 3), block_size]


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(14142135)
    same = _random(rng, 3, 7, 4, 3, 7)
    one_block = "seven keys in one block (block_size = m)"
    equal_to_one_block = [{"kind": "equal_to", "case": one_block}]
    return [
        {
            "name": "two queries, five keys, blocks of 2",
            "args": [[[1, 0], [0, 2]],
                     [[1, 0], [0, 1], [1, 1], [-1, 0], [2, 1]],
                     [[1, 0], [0, 1], [1, 1], [2, 0], [0, 2]], 2],
            "public": True,
        },
        {
            "name": "the same with blocks of 3 (the last block is shorter)",
            "args": [[[1, 0], [0, 2]],
                     [[1, 0], [0, 1], [1, 1], [-1, 0], [2, 1]],
                     [[1, 0], [0, 1], [1, 1], [2, 0], [0, 2]], 3],
            "public": True,
        },
        {"name": one_block, "args": same},
        {"name": "seven keys in blocks of 1", "args": same[:3] + [1],
         "checks": equal_to_one_block},
        {"name": "seven keys in blocks of 3 (a partial last block)", "args": same[:3] + [3],
         "checks": equal_to_one_block},
        {"name": "seven keys, block_size larger than m", "args": same[:3] + [12],
         "checks": equal_to_one_block},
        {"name": "the seven keys and values in reverse order, blocks of 3",
         "args": [same[0], same[1][::-1], same[2][::-1], 3], "checks": equal_to_one_block},
        {"name": "a single key", "args": _random(rng, 3, 1, 2, 2, 1)},
        {"name": "a single query, a single key, block_size larger than m",
         "args": _random(rng, 1, 1, 3, 4, 4)},
        {"name": "more keys than queries, blocks of 4 (not a divisor)",
         "args": _random(rng, 3, 10, 3, 2, 4)},
        {"name": "more queries than keys, blocks of 2", "args": _random(rng, 6, 5, 2, 3, 2)},
        {"name": "values wider than keys (d=2, dv=6)", "args": _random(rng, 4, 9, 2, 6, 2)},
        {"name": "values narrower than keys (d=8, dv=1)", "args": _random(rng, 4, 9, 8, 1, 3)},
        {"name": "equal scores (queries of zeros), blocks of 2",
         "args": [[[0.0] * 3] * 3, _matrix(rng, 5, 3), _matrix(rng, 5, 2), 2]},
        {"name": "scores rising by a thousand from block to block",
         "args": _shifted_scores(rng, 4, [0, 0, 1000, 1000, 2000, 2000, 3000], 2)},
        {"name": "scores falling by a thousand from block to block",
         "args": _shifted_scores(rng, 4, [3000, 3000, 2000, 2000, 1000, 1000, 0], 2)},
        {"name": "the largest scores in a middle block, moderate gaps",
         "args": _shifted_scores(rng, 5, [0, 0, 2, 6, 6, 6, 4, 2, 0], 3)},
        {"name": "scores near 1000", "args": _shifted_scores(rng, 3, [1000] * 8, 3)},
        {"name": "scores near 10000", "args": _shifted_scores(rng, 3, [10000] * 7, 2)},
        {"name": "scores near -1000", "args": _shifted_scores(rng, 3, [-1000] * 6, 4)},
        {"name": "1000 keys in blocks of 64", "args": _random(rng, 4, 1000, 2, 2, 64)},
        {"name": "1000 keys in blocks of 1", "args": _random(rng, 2, 1000, 2, 1, 1)},
        {"name": "random, 8 queries, 40 keys, blocks of 7, d=16, dv=8",
         "args": _random(rng, 8, 40, 16, 8, 7)},
    ]
