"""Test cases for cross_attention(X, Y, Wq, Wk, Wv): public examples first, then hidden edge and
random cases."""

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


def _random(rng, n, m, d_x, d_y, d_k, dv):
    """Tokens of unit variance and weights of variance 1/fan-in: the scaled scores then have a
    standard deviation near 1, so the softmax is far from one-hot."""
    return [_matrix(rng, n, d_x), _matrix(rng, m, d_y), _matrix(rng, d_x, d_k, d_x ** -0.5),
            _matrix(rng, d_y, d_k, d_y ** -0.5), _matrix(rng, d_y, dv, d_y ** -0.5)]


def _large_scores(rng, base):
    """Integer tokens whose scaled scores sit within a few units of `base` (d_k = 4).

    X's tokens are [1, a, b]; Wq turns each into a query whose entries sum to 4. The first
    column of every context token is 1 and the first row of Wk is base / 2, so every key entry
    is base / 2 plus a small integer. Exact in float32.
    """
    X = [[1, rng.randint(-1, 1), rng.randint(-1, 1)] for _ in range(3)]
    Y = [[1] + [rng.randint(-1, 1) for _ in range(4)] for _ in range(6)]
    Wq = [[1, 1, 1, 1], [1, 0, -1, 0], [0, 1, 0, -1]]
    Wk = [[base // 2] * 4] + [[rng.randint(-1, 1) for _ in range(4)] for _ in range(4)]
    Wv = [[rng.randint(-2, 2) for _ in range(2)] for _ in range(5)]
    return [X, Y, Wq, Wk, Wv]


def _rows_apart(rng):
    """Queries from tokens [1, a, b] score every key near 10000, from [0, a, b] near 0.

    Wq turns [1, a, b] into a query summing to 4 and [0, a, b] into one summing to 0; every
    context token starts with 1 and the first row of Wk is 5000, so every key entry is 5000
    plus a small integer (d_k = 4). One maximum for the whole matrix (10000) leaves nothing
    but exp(-10000) = 0 in the low rows. Integers: exact in float32.
    """
    X = [[first, rng.randint(-1, 1), rng.randint(-1, 1)] for first in (1, 0, 1, 0)]
    X[1][1:] = [1, -1]  # a low row whose scores are not all equal
    Y = [[1] + [rng.randint(-1, 1) for _ in range(4)] for _ in range(5)]
    Wq = [[1, 1, 1, 1], [1, 0, -1, 0], [0, 1, 0, -1]]
    Wk = [[5000] * 4] + [[rng.randint(-1, 1) for _ in range(4)] for _ in range(4)]
    Wv = [[rng.randint(-2, 2) for _ in range(2)] for _ in range(5)]
    return [X, Y, Wq, Wk, Wv]


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(6022140)
    base = _random(rng, 4, 7, 5, 3, 4, 2)
    context_order = [6, 2, 4, 0, 1, 5, 3]
    query_order = [2, 0, 3, 1]
    return [
        {
            "name": {"en": "two queries over three context tokens",
                     "ko": "문맥 토큰 세 개를 보는 쿼리 두 개"},
            "args": [
                [[1, 0], [0, 1]],
                [[1, 0, 1], [0, 1, 1], [1, 1, 0]],
                [[1, 0], [0, 1]],
                [[1, 0], [0, 1], [1, 1]],
                [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
            ],
            "public": True,
        },
        {
            "name": {"en": "three queries over two context tokens, d_k=1",
                     "ko": "문맥 토큰 두 개를 보는 쿼리 세 개, d_k=1"},
            "args": [
                [[1, 2], [0, -1], [2, 0]],
                [[1, 1, 0, 2], [0, -1, 1, 1]],
                [[1], [1]],
                [[1], [0], [2], [0]],
                [[2, 0], [0, 1], [1, 1], [0, 0]],
            ],
            "public": True,
        },
        {
            "name": {"en": "one query, one context token", "ko": "쿼리 하나, 문맥 토큰 하나"},
            "args": _random(rng, 1, 1, 3, 2, 2, 3),
        },
        {
            "name": {"en": "one query over many context tokens",
                     "ko": "문맥 토큰 여러 개를 보는 쿼리 하나"},
            "args": _random(rng, 1, 9, 4, 3, 4, 2),
        },
        {
            "name": {"en": "more queries than context tokens", "ko": "문맥 토큰보다 많은 쿼리"},
            "args": _random(rng, 7, 2, 3, 5, 4, 3),
        },
        {
            "name": {"en": "as many queries as context tokens, same widths",
                     "ko": "문맥 토큰과 같은 수의 쿼리, 같은 폭"},
            "args": _random(rng, 5, 5, 4, 4, 4, 4),
        },
        {
            "name": {"en": "d_k differs from both token widths (d_x=6, d_y=2, d_k=9)",
                     "ko": "두 토큰 폭과 다른 d_k(d_x=6, d_y=2, d_k=9)"},
            "args": _random(rng, 3, 4, 6, 2, 9, 2),
        },
        {
            "name": {"en": "values wider than keys (dv=8)", "ko": "키보다 넓은 밸류(dv=8)"},
            "args": _random(rng, 3, 5, 3, 4, 2, 8),
        },
        {
            "name": {"en": "equal scores (Wq of zeros)", "ko": "같은 점수(0으로만 된 Wq)"},
            "args": [_matrix(rng, 3, 2), _matrix(rng, 4, 3), [[0.0] * 2] * 2, _matrix(rng, 3, 2),
                     _matrix(rng, 3, 2)],
        },
        {
            "name": {"en": "scores near 1000", "ko": "1000 근처의 점수"},
            "args": _large_scores(rng, 1000),
            "float32_scale": 1008,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "scores near 10000", "ko": "10000 근처의 점수"}, "tier": "numerics",
            "args": _large_scores(rng, 10000),
            "float32_scale": 10008,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "scores near -1000", "ko": "-1000 근처의 점수"},
            "args": _large_scores(rng, -1000),
            "float32_scale": 1008,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "scores near 10000 in some rows and near 0 in others",
                     "ko": "어떤 행은 10000 근처, 어떤 행은 0 근처인 점수"},
            "args": _rows_apart(random.Random(4242)),
            "float32_scale": 10008,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "random, 4 queries, 7 context tokens",
                     "ko": "무작위, 쿼리 4개, 문맥 토큰 7개"},
            "args": base,
        },
        {
            "name": {"en": "the same context tokens in another order",
                     "ko": "같은 문맥 토큰을 다른 순서로"},
            "args": [base[0], [base[1][j] for j in context_order]] + base[2:],
            "checks": [{"kind": "equal_to", "case": "random, 4 queries, 7 context tokens",
                        "message": {
                            "en": "reordering the context tokens must not change the output: "
                                  "each query attends to the context as a set",
                            "ko": "문맥 토큰의 순서를 바꿔도 출력이 바뀌면 안 됩니다: "
                                  "각 쿼리는 문맥을 집합으로 봅니다"}}],
        },
        {
            "name": {"en": "the same queries in another order", "ko": "같은 쿼리를 다른 순서로"},
            "args": [[base[0][i] for i in query_order]] + base[1:],
            "checks": [{"kind": "permuted_from", "case": "random, 4 queries, 7 context tokens",
                        "permutation": query_order}],
        },
        {
            "name": {"en": "one query over 1000 context tokens",
                     "ko": "문맥 토큰 1000개를 보는 쿼리 하나"},
            "args": _random(rng, 1, 1000, 4, 2, 4, 2),
        },
        {
            "name": {"en": "random, 6 queries, 3 context tokens, d_k=16",
                     "ko": "무작위, 쿼리 6개, 문맥 토큰 3개, d_k=16"},
            "args": _random(rng, 6, 3, 8, 8, 16, 4),
        },
        {
            "name": {"en": "random, 8 queries, 12 context tokens",
                     "ko": "무작위, 쿼리 8개, 문맥 토큰 12개"},
            "args": _random(rng, 8, 12, 6, 10, 4, 5),
        },
    ] + _numerics()


def _numerics():
    """The numerics tier: inputs exact in float16 and bfloat16, and a long sequence."""
    rng = random.Random(16)
    return [
        {"name": {"en": "numerics: inputs exact in float16 and bfloat16, "
                        "5 queries, 7 context tokens",
                  "ko": "수치: float16과 bfloat16으로 정확한 입력, 쿼리 5개, 문맥 토큰 7개"},
         "args": _exact(_random(rng, 5, 7, 4, 3, 4, 2)), "tier": "numerics"},
        {"name": {"en": "numerics: 3000 context tokens", "ko": "수치: 문맥 토큰 3000개"},
         "args": _exact(_random(rng, 4, 3000, 2, 2, 2, 2)), "tier": "numerics"},
    ]
