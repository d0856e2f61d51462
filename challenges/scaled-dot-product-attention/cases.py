"""Test cases for attention(Q, K, V): public examples first, then hidden edge and random cases."""

import random


def _matrix(rng, rows, cols, scale=1.0):
    return [[round(rng.gauss(0.0, scale), 4) for _ in range(cols)] for _ in range(rows)]


def _random(rng, n, m, d, dv):
    return [_matrix(rng, n, d), _matrix(rng, m, d), _matrix(rng, m, dv)]


def _large_scores(rng, base):
    """Width-4 integer queries and keys whose scaled scores sit within a few units of `base`.

    Every query sums to 4 and every key entry is base/2 plus a small integer, so the
    score is base + (q . delta) / 2. All values are exact in float32.
    """
    Q = [[1, 1, 1, 1], [1, 2, 0, 1], [2, 0, 1, 1]]
    K = [[base // 2 + rng.randint(-2, 2) for _ in range(4)] for _ in range(5)]
    return [Q, K, _matrix(rng, 5, 3)]


def _rows_apart(rng):
    """Queries 0 and 2 score every key near 10000, queries 1 and 3 score them near 0.

    Every key entry is 5000 plus a small integer; queries 0 and 2 sum to 4 and queries 1 and 3
    sum to 0, so their scaled scores are 10000 + (q . delta) / 2 and (q . delta) / 2. One
    maximum for the whole matrix (10000) leaves nothing but exp(-10000) = 0 in rows 1 and 3.
    """
    Q = [[1, 1, 1, 1], [1, -1, 0, 0], [0, 1, 2, 1], [0, 1, 0, -1]]
    K = [[5000 + rng.randint(-2, 2) for _ in range(4)] for _ in range(5)]
    return [Q, K, _matrix(rng, 5, 3)]


def _half_exact(rng, rows, cols):
    """Entries k/16 with |k| < 256, about normal with spread 1: eight significant bits at
    most, exact in bfloat16 (and so in float16 and float32)."""
    return [[max(-255, min(255, round(rng.gauss(0.0, 16.0)))) / 16 for _ in range(cols)]
            for _ in range(rows)]


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(8675309)
    lesson = [[1, 0], [0, 1], [1, 1]]
    found = [
        {
            "name": {"en": "lesson example: three tokens of width 2",
                     "ko": "레슨 예시: 폭 2인 토큰 세 개"},
            "args": [lesson, lesson, [[10, 0], [0, 10], [5, 5]]],
            "public": True,
        },
        {
            "name": {"en": "two queries, three keys of width 4, values of width 3",
                     "ko": "쿼리 두 개, 폭 4인 키 세 개, 폭 3인 밸류"},
            "args": [
                [[1, 0, 2, -1], [0, 3, 1, 1]],
                [[2, 1, 0, 1], [1, -1, 1, 0], [0, 0, 1, 2]],
                [[1, 0, -1], [0, 2, 0], [3, 0, 1]],
            ],
            "public": True,
        },
        {
            "name": {"en": "a single token", "ko": "토큰 하나"},
            "args": [[[0.5, -1.0]], [[2.0, 1.0]], [[3.0, -4.0, 0.5]]],
        },
        {
            "name": {"en": "equal scores (queries of zeros)", "ko": "같은 점수(0으로만 된 쿼리)"},
            "args": [[[0.0, 0.0, 0.0]] * 3, _matrix(rng, 4, 3), _matrix(rng, 4, 2)],
        },
        {
            "name": {"en": "values wider than keys (d=2, dv=6)",
                     "ko": "키보다 넓은 밸류(d=2, dv=6)"},
            "args": _random(rng, 3, 4, 2, 6),
        },
        {
            "name": {"en": "values narrower than keys (d=8, dv=1)",
                     "ko": "키보다 좁은 밸류(d=8, dv=1)"},
            "args": _random(rng, 4, 5, 8, 1),
        },
        {
            "name": {"en": "more keys than queries", "ko": "쿼리보다 많은 키"},
            "args": _random(rng, 2, 7, 3, 4),
        },
        {
            "name": {"en": "more queries than keys", "ko": "키보다 많은 쿼리"},
            "args": _random(rng, 6, 3, 5, 2),
        },
        {
            "name": {"en": "negative queries, keys and values", "ko": "음수 쿼리, 키, 밸류"},
            "args": [
                [[-1.0, -2.0], [-0.5, -3.0]],
                [[-1.0, -1.0], [-2.0, 0.5], [-0.5, -0.5]],
                [[-1.0, -2.0, -3.0], [-4.0, 0.0, -1.0], [-2.0, -2.0, -5.0]],
            ],
        },
        {
            "name": {"en": "scores near -740", "ko": "-740 근처의 점수"},
            "args": _large_scores(rng, -740),
            "float32_scale": 744,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "scores near 1000", "ko": "1000 근처의 점수"},
            "args": _large_scores(rng, 1000),
            "float32_scale": 1004,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "scores near 10000", "ko": "10000 근처의 점수"},
            "args": _large_scores(rng, 10000),
            "float32_scale": 10004,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "scores near 10000 in some rows and near 0 in others",
                     "ko": "어떤 행은 10000 근처, 어떤 행은 0 근처인 점수"},
            "args": _rows_apart(random.Random(4242)),
            "float32_scale": 10004,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "one query over 1000 keys", "ko": "키 1000개를 보는 쿼리 하나"},
            "args": _random(rng, 1, 1000, 4, 2),
        },
        {
            "name": {"en": "random, 4 queries, 4 keys, d=4, dv=4",
                     "ko": "무작위, 쿼리 4개, 키 4개, d=4, dv=4"},
            "args": _random(rng, 4, 4, 4, 4),
        },
        {
            "name": {"en": "random, 5 queries, 7 keys, d=3, dv=2",
                     "ko": "무작위, 쿼리 5개, 키 7개, d=3, dv=2"},
            "args": _random(rng, 5, 7, 3, 2),
        },
        {
            "name": {"en": "random, 8 queries, 8 keys, d=16, dv=8",
                     "ko": "무작위, 쿼리 8개, 키 8개, d=16, dv=8"},
            "args": _random(rng, 8, 8, 16, 8),
        },
        {
            "name": {"en": "random, 3 queries, 6 keys, d=64, dv=3",
                     "ko": "무작위, 쿼리 3개, 키 6개, d=64, dv=3"},
            "args": _random(rng, 3, 6, 64, 3),
        },
    ]
    found += [
        {
            "name": {"en": "inputs exact in float16 and bfloat16, d=12",
                     "ko": "float16과 bfloat16으로 정확히 표현되는 입력, d=12"},
            "args": [_half_exact(rng, 4, 12), _half_exact(rng, 5, 12), _half_exact(rng, 5, 3)],
            "tier": "numerics",
        },
        {
            "name": {"en": "scores near -1000", "ko": "-1000 근처의 점수"},
            "args": _large_scores(rng, -1000), "tier": "numerics",
            "float32_scale": 1004,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "two queries over 4000 keys", "ko": "키 4000개를 보는 쿼리 두 개"},
            "args": _random(rng, 2, 4000, 4, 2), "tier": "numerics",
        },
    ]
    return found + [_permuted(found, "random, 5 queries, 7 keys, d=3, dv=2", [3, 0, 4, 1, 2])]


def _permuted(found, name, order):
    """Case `name` with its queries in another order: the output rows follow that order."""
    Q, *rest = next(c for c in found if c["name"]["en"] == name)["args"]
    return {
        "name": {"en": "the same queries in another order", "ko": "같은 쿼리를 다른 순서로"},
        "args": [[Q[i] for i in order], *rest],
        "checks": [{"kind": "permuted_from", "case": name, "permutation": order}],
    }
