"""Test cases for attention_weights(Q, K): public examples first, then hidden edge and random
cases."""

import random


def _matrix(rng, rows, cols, scale=1.0):
    return [[round(rng.gauss(0.0, scale), 4) for _ in range(cols)] for _ in range(rows)]


def _large_scores(rng, base):
    """Width-4 integer queries and keys whose scaled scores sit within a few units of `base`.

    Every query sums to 4 and every key entry is base/2 plus a small integer, so the
    score is base + (q . delta) / 2. All values are exact in float32.
    """
    Q = [[1, 1, 1, 1], [1, 2, 0, 1], [2, 0, 1, 1]]
    K = [[base // 2 + rng.randint(-2, 2) for _ in range(4)] for _ in range(5)]
    return [Q, K]


def _rows_apart(rng):
    """Queries 0 and 2 score every key near 10000, queries 1 and 3 score them near 0.

    Every key entry is 5000 plus a small integer; queries 0 and 2 sum to 4 and queries 1 and 3
    sum to 0, so their scaled scores are 10000 + (q . delta) / 2 and (q . delta) / 2. One
    maximum for the whole matrix (10000) leaves nothing but exp(-10000) = 0 in rows 1 and 3.
    """
    Q = [[1, 1, 1, 1], [1, -1, 0, 0], [0, 1, 2, 1], [0, 1, 0, -1]]
    K = [[5000 + rng.randint(-2, 2) for _ in range(4)] for _ in range(5)]
    return [Q, K]


def _half_exact(rng, rows, cols):
    """Entries k/16 with |k| < 256, about normal with spread 1: eight significant bits at
    most, exact in bfloat16 (and so in float16 and float32)."""
    return [[max(-255, min(255, round(rng.gauss(0.0, 16.0)))) / 16 for _ in range(cols)]
            for _ in range(rows)]


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(31337)
    lesson = [[1, 0], [0, 1], [1, 1]]
    found = [
        {
            "name": {"en": "lesson example: three tokens of width 2",
                     "ko": "레슨 예시: 폭 2인 토큰 세 개"},
            "args": [lesson, lesson],
            "public": True,
        },
        {
            "name": {"en": "two queries, three keys, width 4", "ko": "쿼리 두 개, 키 세 개, 폭 4"},
            "args": [[[1, 0, 2, -1], [0, 3, 1, 1]], [[2, 1, 0, 1], [1, -1, 1, 0], [0, 0, 1, 2]]],
            "public": True,
        },
        {
            "name": {"en": "a single query and a single key", "ko": "쿼리 하나와 키 하나"},
            "args": [[[0.3, -1.2, 2.0]], [[2.0, 0.5, -0.7]]],
        },
        {
            "name": {"en": "equal scores (queries of zeros)", "ko": "같은 점수(0으로만 된 쿼리)"},
            "args": [[[0.0, 0.0, 0.0]] * 2, _matrix(rng, 4, 3)],
        },
        {
            "name": {"en": "vectors of width 1", "ko": "폭 1인 벡터"},
            "args": [[[1.5], [-0.5], [0.25]], [[1.0], [2.0]]],
        },
        {
            "name": {"en": "more keys than queries", "ko": "쿼리보다 많은 키"},
            "args": [_matrix(rng, 2, 3), _matrix(rng, 6, 3)],
        },
        {
            "name": {"en": "more queries than keys", "ko": "키보다 많은 쿼리"},
            "args": [_matrix(rng, 6, 5), _matrix(rng, 2, 5)],
        },
        {
            "name": {"en": "negative entries", "ko": "음수 원소"},
            "args": [[[-1.0, -2.0], [-0.5, -3.0], [-2.5, -0.5]], [[-1.0, -1.0], [-2.0, 0.5]]],
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
            "args": [_matrix(rng, 1, 8), _matrix(rng, 1000, 8)],
        },
        {
            "name": {"en": "random, 4 queries, 4 keys, width 4",
                     "ko": "무작위, 쿼리 4개, 키 4개, 폭 4"},
            "args": [_matrix(rng, 4, 4), _matrix(rng, 4, 4)],
        },
        {
            "name": {"en": "random, 5 queries, 7 keys, width 3",
                     "ko": "무작위, 쿼리 5개, 키 7개, 폭 3"},
            "args": [_matrix(rng, 5, 3), _matrix(rng, 7, 3)],
        },
        {
            "name": {"en": "random, 8 queries, 8 keys, width 16",
                     "ko": "무작위, 쿼리 8개, 키 8개, 폭 16"},
            "args": [_matrix(rng, 8, 16), _matrix(rng, 8, 16)],
        },
        {
            "name": {"en": "random, 3 queries, 6 keys, width 64",
                     "ko": "무작위, 쿼리 3개, 키 6개, 폭 64"},
            "args": [_matrix(rng, 3, 64), _matrix(rng, 6, 64)],
        },
    ]
    found += [
        {
            "name": {"en": "entries exact in float16 and bfloat16, width 12",
                     "ko": "float16과 bfloat16으로 정확히 표현되는 원소, 폭 12"},
            "args": [_half_exact(rng, 4, 12), _half_exact(rng, 5, 12)], "tier": "numerics",
        },
        {
            "name": {"en": "scores near -1000", "ko": "-1000 근처의 점수"},
            "args": _large_scores(rng, -1000), "tier": "numerics",
            "float32_scale": 1004,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "two queries over 4000 keys", "ko": "키 4000개를 보는 쿼리 두 개"},
            "args": [_matrix(rng, 2, 4), _matrix(rng, 4000, 4)], "tier": "numerics",
        },
    ]
    found.append(_permuted(found, "random, 5 queries, 7 keys, width 3", [3, 0, 4, 1, 2]))
    return found



def _permuted(found, name, order):
    """Case `name` with its queries in another order: the output rows follow that order."""
    Q, *rest = next(c for c in found if c["name"]["en"] == name)["args"]
    return {
        "name": {"en": "the same queries in another order", "ko": "같은 쿼리를 다른 순서로"},
        "args": [[Q[i] for i in order], *rest],
        "checks": [{"kind": "permuted_from", "case": name, "permutation": order}],
    }
