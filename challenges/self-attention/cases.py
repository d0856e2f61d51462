"""Test cases for self_attention(X, Wq, Wk, Wv): public examples first, then hidden edge and
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


def _random(rng, n, d_model, d_k, dv):
    """Tokens of unit variance and weights of variance 1/d_model: the scaled scores then have
    a standard deviation near 1, so the softmax is far from one-hot."""
    w = d_model ** -0.5
    return [_matrix(rng, n, d_model), _matrix(rng, d_model, d_k, w), _matrix(rng, d_model, d_k, w),
            _matrix(rng, d_model, dv, w)]


def _large_scores(rng, base):
    """Integer tokens [1, a, b] and weights whose scaled scores sit near `base` (d_k = 4).

    Wq turns every token into a query whose entries sum to 4, and the first row of Wk adds
    base / 2 to every key entry, so each score is base plus a few units. Exact in float32.
    """
    X = [[1, rng.randint(-1, 1), rng.randint(-1, 1)] for _ in range(5)]
    Wq = [[1, 1, 1, 1], [1, 0, -1, 0], [0, 1, 0, -1]]
    Wk = [[base // 2] * 4, [rng.randint(-1, 1) for _ in range(4)],
          [rng.randint(-1, 1) for _ in range(4)]]
    Wv = [[rng.randint(-3, 3) for _ in range(2)] for _ in range(3)]
    return [X, Wq, Wk, Wv]


def _rows_apart(rng):
    """Tokens [1, a, b] score every key near 10000, tokens [0, a, b] score them near 0.

    Wq turns [1, a, b] into a query summing to 4 and [0, a, b] into one summing to 0; the
    first row of Wk adds 5000 to every key entry of a token [1, a, b], and d_k = 4. One
    maximum for the whole matrix (10000) leaves nothing but exp(-10000) = 0 in the low rows.
    The low rows' scores with the other [0, a, b] keys are tiny too. Integers: exact in float32.
    """
    X = [[first, rng.randint(-1, 1), rng.randint(-1, 1)] for first in (1, 0, 1, 0, 0)]
    X[1][1:] = [1, -1]  # a low row whose scores are not all equal
    Wq = [[1, 1, 1, 1], [1, 0, -1, 0], [0, 1, 0, -1]]
    Wk = [[5000] * 4, [rng.randint(-1, 1) for _ in range(4)],
          [rng.randint(-1, 1) for _ in range(4)]]
    Wv = [[rng.randint(-3, 3) for _ in range(2)] for _ in range(3)]
    return [X, Wq, Wk, Wv]


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(1618033)
    identity = [[1, 0], [0, 1]]
    base = _random(rng, 6, 5, 4, 3)
    order = [3, 0, 5, 1, 4, 2]
    shuffled = [[base[0][i] for i in order]] + base[1:]
    return [
        {
            "name": {"en": "lesson tokens with identity weights",
                     "ko": "레슨의 토큰과 항등 행렬 가중치"},
            "args": [[[1, 0], [0, 1], [1, 1]], identity, identity, identity],
            "public": True,
        },
        {
            "name": {"en": "three tokens, d_model=3, d_k=2, dv=4",
                     "ko": "토큰 3개, d_model=3, d_k=2, dv=4"},
            "args": [
                [[1, 0, 1], [0, 2, 0], [1, 1, -1]],
                [[1, 0], [0, 1], [1, 1]],
                [[0, 1], [1, 0], [1, -1]],
                [[1, 0, 0, 2], [0, 1, 0, -1], [0, 0, 1, 1]],
            ],
            "public": True,
        },
        {"name": {"en": "a single token", "ko": "토큰 하나"}, "args": _random(rng, 1, 3, 2, 2)},
        {"name": {"en": "square weights (d_model = d_k = dv = 4)",
                  "ko": "정사각 가중치 (d_model = d_k = dv = 4)"},
         "args": _random(rng, 5, 4, 4, 4)},
        {"name": {"en": "d_k smaller than d_model (d_model=8, d_k=4)",
                  "ko": "d_model보다 작은 d_k (d_model=8, d_k=4)"},
         "args": _random(rng, 4, 8, 4, 3)},
        {"name": {"en": "d_k larger than d_model (d_model=2, d_k=9)",
                  "ko": "d_model보다 큰 d_k (d_model=2, d_k=9)"}, "args": _random(rng, 4, 2, 9, 2)},
        {"name": {"en": "values wider than the tokens (d_model=3, dv=10)",
                  "ko": "토큰보다 넓은 밸류 (d_model=3, dv=10)"},
         "args": _random(rng, 3, 3, 4, 10)},
        {
            "name": {"en": "equal scores (Wq of zeros)", "ko": "모두 같은 점수 (0으로 된 Wq)"},
            "args": [_matrix(rng, 4, 3), [[0.0, 0.0]] * 3, _matrix(rng, 3, 2), _matrix(rng, 3, 2)],
        },
        {"name": {"en": "scores near 1000", "ko": "1000 근처의 점수"},
         "args": _large_scores(rng, 1000),
         "float32_scale": 1004},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "scores near 10000", "ko": "10000 근처의 점수"}, "tier": "numerics",
         "args": _large_scores(rng, 10000),
         "float32_scale": 10004},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "scores near -1000", "ko": "-1000 근처의 점수"},
         "args": _large_scores(rng, -1000),
         "float32_scale": 1004},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "scores near 10000 in some rows and near 0 in others",
                  "ko": "어떤 행은 10000 근처, 어떤 행은 0 근처인 점수"},
         "args": _rows_apart(random.Random(4242)),
         "float32_scale": 10004},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "random, 6 tokens, d_model=5, d_k=4, dv=3",
                  "ko": "무작위, 토큰 6개, d_model=5, d_k=4, dv=3"}, "args": base},
        {
            "name": {"en": "the same 6 tokens in another order",
                     "ko": "같은 토큰 6개를 다른 순서로"},
            "args": shuffled,
            "checks": [{"kind": "permuted_from", "case": "random, 6 tokens, d_model=5, d_k=4, dv=3",
                        "permutation": order}],
        },
        {"name": {"en": "a sequence of 200 tokens", "ko": "토큰 200개짜리 시퀀스"},
         "args": _random(rng, 200, 6, 4, 2)},
        {"name": {"en": "random, 5 tokens, d_model=8, d_k=16, dv=8",
                  "ko": "무작위, 토큰 5개, d_model=8, d_k=16, dv=8"},
         "args": _random(rng, 5, 8, 16, 8)},
        {"name": {"en": "random, 7 tokens, d_model=3, d_k=9, dv=2",
                  "ko": "무작위, 토큰 7개, d_model=3, d_k=9, dv=2"},
         "args": _random(rng, 7, 3, 9, 2)},
        {"name": {"en": "random, 4 tokens, d_model=16, d_k=4, dv=4",
                  "ko": "무작위, 토큰 4개, d_model=16, d_k=4, dv=4"},
         "args": _random(rng, 4, 16, 4, 4)},
    ] + _numerics()


def _numerics():
    """The numerics tier: inputs exact in float16 and bfloat16, and a long sequence."""
    rng = random.Random(16)
    return [
        {"name": {"en": "numerics: inputs exact in float16 and bfloat16, 6 tokens",
                  "ko": "수치: float16과 bfloat16으로 정확한 입력, 토큰 6개"},
         "args": _exact(_random(rng, 6, 4, 4, 3)), "tier": "numerics"},
        {"name": {"en": "numerics: 320 tokens", "ko": "수치: 토큰 320개"},
         "args": _exact(_random(rng, 320, 4, 2, 2)), "tier": "numerics"},
    ]
