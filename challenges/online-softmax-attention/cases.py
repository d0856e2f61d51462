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


def _exact(value):
    """`value` with every float rounded to a multiple of 1/8 in [-8, 8] (ints and bools kept):
    exact in float16 and bfloat16, so the only rounding error is the computation's."""
    if isinstance(value, dict):
        return {key: _exact(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_exact(item) for item in value]
    if isinstance(value, float):
        return min(8.0, max(-8.0, round(value * 8) / 8))
    return value


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


def _rows_apart(rng):
    """Queries 0 and 2 score every key near 10000, queries 1 and 3 near 0; blocks of 2.

    Every key entry is 5000 plus a small integer; queries 0 and 2 sum to 4 and queries 1 and 3
    sum to 0, so their scaled scores are 10000 + (q . delta) / 2 and (q . delta) / 2. One
    running maximum shared by all the queries (10000) leaves nothing but exp(-10000) = 0 in
    rows 1 and 3.
    """
    Q = [[1, 1, 1, 1], [1, -1, 0, 0], [0, 1, 2, 1], [0, 1, 0, -1]]
    K = [[5000 + rng.randint(-2, 2) for _ in range(4)] for _ in range(6)]
    return [Q, K, _matrix(rng, 6, 3), 2]


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(14142135)
    same = _random(rng, 3, 7, 4, 3, 7)
    one_block = {"en": "seven keys in one block (block_size = m)",
                 "ko": "키 7개를 블록 하나로 (block_size = m)"}
    equal_to_one_block = [{"kind": "equal_to", "case": one_block["en"], "message": {
        "en": "the output must not depend on the block size or on the order of the keys",
        "ko": "출력은 블록 크기나 키의 순서에 따라 달라지면 안 됩니다"}}]
    return [
        {
            "name": {"en": "two queries, five keys, blocks of 2",
                     "ko": "쿼리 2개, 키 5개, 블록 크기 2"},
            "args": [[[1, 0], [0, 2]],
                     [[1, 0], [0, 1], [1, 1], [-1, 0], [2, 1]],
                     [[1, 0], [0, 1], [1, 1], [2, 0], [0, 2]], 2],
            "public": True,
        },
        {
            "name": {"en": "the same with blocks of 3 (the last block is shorter)",
                     "ko": "같은 입력, 블록 크기 3 (마지막 블록이 더 짧음)"},
            "args": [[[1, 0], [0, 2]],
                     [[1, 0], [0, 1], [1, 1], [-1, 0], [2, 1]],
                     [[1, 0], [0, 1], [1, 1], [2, 0], [0, 2]], 3],
            "public": True,
        },
        {"name": one_block, "args": same},
        {"name": {"en": "seven keys in blocks of 1", "ko": "키 7개, 블록 크기 1"},
         "args": same[:3] + [1], "checks": equal_to_one_block},
        {"name": {"en": "seven keys in blocks of 3 (a partial last block)",
                  "ko": "키 7개, 블록 크기 3 (마지막 블록이 덜 참)"},
         "args": same[:3] + [3], "checks": equal_to_one_block},
        {"name": {"en": "seven keys, block_size larger than m",
                  "ko": "키 7개, m보다 큰 block_size"},
         "args": same[:3] + [12], "checks": equal_to_one_block},
        {"name": {"en": "the seven keys and values in reverse order, blocks of 3",
                  "ko": "같은 키 7개와 밸류를 거꾸로, 블록 크기 3"},
         "args": [same[0], same[1][::-1], same[2][::-1], 3], "checks": equal_to_one_block},
        {"name": {"en": "a single key", "ko": "키 하나"}, "args": _random(rng, 3, 1, 2, 2, 1)},
        {"name": {"en": "a single query, a single key, block_size larger than m",
                  "ko": "쿼리 하나, 키 하나, m보다 큰 block_size"},
         "args": _random(rng, 1, 1, 3, 4, 4)},
        {"name": {"en": "more keys than queries, blocks of 4 (not a divisor)",
                  "ko": "쿼리보다 키가 많음, 블록 크기 4 (약수가 아님)"},
         "args": _random(rng, 3, 10, 3, 2, 4)},
        {"name": {"en": "more queries than keys, blocks of 2",
                  "ko": "키보다 쿼리가 많음, 블록 크기 2"}, "args": _random(rng, 6, 5, 2, 3, 2)},
        {"name": {"en": "values wider than keys (d=2, dv=6)", "ko": "키보다 넓은 밸류 (d=2, dv=6)"},
         "args": _random(rng, 4, 9, 2, 6, 2)},
        {"name": {"en": "values narrower than keys (d=8, dv=1)",
                  "ko": "키보다 좁은 밸류 (d=8, dv=1)"},
         "args": _random(rng, 4, 9, 8, 1, 3)},
        {"name": {"en": "equal scores (queries of zeros), blocks of 2",
                  "ko": "모두 같은 점수 (0으로 된 쿼리), 블록 크기 2"},
         "args": [[[0.0] * 3] * 3, _matrix(rng, 5, 3), _matrix(rng, 5, 2), 2]},
        {"name": {"en": "scores rising by a thousand from block to block",
                  "ko": "블록마다 1000씩 커지는 점수"},
         "args": _shifted_scores(rng, 4, [0, 0, 1000, 1000, 2000, 2000, 3000], 2)},
        {"name": {"en": "scores falling by a thousand from block to block",
                  "ko": "블록마다 1000씩 작아지는 점수"},
         "args": _shifted_scores(rng, 4, [3000, 3000, 2000, 2000, 1000, 1000, 0], 2),
         "float32_scale": 3004},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "the largest scores in a middle block, moderate gaps",
                  "ko": "가장 큰 점수가 가운데 블록에 있음, 차이는 적당함"},
         "args": _shifted_scores(rng, 5, [0, 0, 2, 6, 6, 6, 4, 2, 0], 3)},
        {"name": {"en": "scores near 1000", "ko": "1000 근처의 점수"},
         "args": _shifted_scores(rng, 3, [1000] * 8, 3),
         "float32_scale": 1004},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "scores near 10000", "ko": "10000 근처의 점수"}, "tier": "numerics",
         "args": _shifted_scores(rng, 3, [10000] * 7, 2),
         "float32_scale": 10004},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "scores near -1000", "ko": "-1000 근처의 점수"},
         "args": _shifted_scores(rng, 3, [-1000] * 6, 4),
         "float32_scale": 1004},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "scores near 10000 in some rows and near 0 in others",
                  "ko": "어떤 행은 10000 근처, 어떤 행은 0 근처인 점수"},
         "args": _rows_apart(random.Random(4242)),
         "float32_scale": 10004},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "1000 keys in blocks of 64", "ko": "키 1000개, 블록 크기 64"},
         "args": _random(rng, 4, 1000, 2, 2, 64)},
        {"name": {"en": "1000 keys in blocks of 1", "ko": "키 1000개, 블록 크기 1"},
         "args": _random(rng, 2, 1000, 2, 1, 1)},
        {"name": {"en": "random, 8 queries, 40 keys, blocks of 7, d=16, dv=8",
                  "ko": "무작위, 쿼리 8개, 키 40개, 블록 크기 7, d=16, dv=8"},
         "args": _random(rng, 8, 40, 16, 8, 7)},
    ] + _numerics()


def _numerics():
    """The numerics tier: inputs exact in float16 and bfloat16, and a long sequence."""
    rng = random.Random(16)
    return [
        {"name": {"en": "numerics: inputs exact in float16 and bfloat16, 20 keys in blocks of 6",
                  "ko": "수치: float16과 bfloat16으로 정확한 입력, 키 20개, 블록 6"},
         "args": _exact(_random(rng, 4, 20, 4, 3, 6)), "tier": "numerics"},
        {"name": {"en": "numerics: 4000 keys in blocks of 64", "ko": "수치: 키 4000개, 블록 64"},
         "args": _exact(_random(rng, 4, 4000, 2, 2, 64)), "tier": "numerics"},
    ]
