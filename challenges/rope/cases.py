"""Test cases for apply_rope(X, base=10000.0): public examples first, then hidden edge and
random cases. Every width d is even; `base`, when given, is a keyword."""

import random


def _matrix(rng, rows, cols, scale=1.0):
    return [[round(rng.gauss(0.0, scale), 4) for _ in range(cols)] for _ in range(rows)]


def _query_key_pairs(rng, n, d, first, second, distance):
    """n random rows of width d where rows `first` and `second` hold the same query q and rows
    first + distance and second + distance the same key k."""
    X = _matrix(rng, n, d)
    q, k = _matrix(rng, 2, d)
    X[first], X[second] = q, q[:]
    X[first + distance], X[second + distance] = k, k[:]
    return X


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(4669201)
    return [
        {"name": {"en": "a unit vector at positions 0, 1, 2 (d=2)",
                  "ko": "위치 0, 1, 2의 단위 벡터 (d=2)"}, "args": [[[1, 0], [1, 0], [1, 0]]],
         "public": True},
        {"name": {"en": "the same row at positions 0, 1, 2 (d=4)",
                  "ko": "위치 0, 1, 2의 같은 행 (d=4)"},
         "args": [[[1, 2, 3, 4], [1, 2, 3, 4], [1, 2, 3, 4]]], "public": True},
        {"name": {"en": "a single row (position 0)", "ko": "행 하나 (위치 0)"},
         "args": [_matrix(rng, 1, 6)]},
        {"name": {"en": "d=2, five positions",
                  "ko": "d=2, 위치 5개"}, "args": [_matrix(rng, 5, 2)]},
        {
            "name": {"en": "d=8, six positions", "ko": "d=8, 위치 6개"},
            "args": [_matrix(rng, 6, 8)],
            "checks": [{"kind": "row_norms_equal_to_arg", "arg": 0}],
        },
        {"name": {"en": "base 100", "ko": "base가 100인 경우"},
         "args": [_matrix(rng, 5, 8)], "kwargs": {"base": 100.0}},
        {"name": {"en": "base 500000", "ko": "base가 500000인 경우"},
         "args": [_matrix(rng, 7, 16)], "kwargs": {"base": 500000.0}},
        {"name": {"en": "base given as an integer", "ko": "base를 정수로 준 경우"},
         "args": [_matrix(rng, 4, 6)], "kwargs": {"base": 1000}},
        {
            "name": {"en": "the same query and key at distance 1, twice",
                     "ko": "거리 1인 같은 쿼리와 키, 두 번"},
            "args": [_query_key_pairs(rng, 4, 8, 0, 2, 1)],
            "checks": [{"kind": "equal_dot_products", "pairs": [[0, 1], [2, 3]]}],
        },
        {
            "name": {"en": "the same query and key at distance 4, twice",
                     "ko": "거리 4인 같은 쿼리와 키, 두 번"},
            "args": [_query_key_pairs(rng, 8, 16, 0, 3, 4)],
            "checks": [{"kind": "equal_dot_products", "pairs": [[0, 4], [3, 7]]}],
        },
        {"name": {"en": "d=64, eight positions", "ko": "d=64, 위치 8개"},
         "args": [_matrix(rng, 8, 64)]},
        {"name": {"en": "d=128, four positions", "ko": "d=128, 위치 4개"},
         "args": [_matrix(rng, 4, 128)]},
        {"name": {"en": "rows of 1000 features", "ko": "폭 1000인 행"},
         "args": [_matrix(rng, 3, 1000)]},
        {"name": {"en": "a sequence of 1000 positions, d=4", "ko": "위치 1000개짜리 시퀀스, d=4"},
         "args": [_matrix(rng, 1000, 4)]},
        {"name": {"en": "entries in the hundreds", "ko": "수백 단위의 원소"},
         "args": [_matrix(rng, 6, 10, scale=300.0)]},
        {"name": {"en": "entries exact in float16 and bfloat16",
                  "ko": "float16과 bfloat16으로 정확히 표현되는 원소"},
         "args": [[[max(-255, min(255, round(rng.gauss(0.0, 16.0)))) / 16 for _ in range(8)]
                   for _ in range(6)]], "tier": "numerics"},
        # Positions past the table sizes a learner might cap at (1024, 2048, 4096, 8192), up
        # to the statement's bound of 10000. With d = 2 the only angle is p * 1: an exact
        # integer in float32 too.
        {"name": {"en": "a sequence of 1500 positions, d=2", "ko": "위치 1500개짜리 시퀀스, d=2"},
         "args": [_matrix(rng, 1500, 2)], "tier": "numerics"},
        {"name": {"en": "a sequence of 3000 positions, d=2", "ko": "위치 3000개짜리 시퀀스, d=2"},
         "args": [_matrix(rng, 3000, 2)], "tier": "numerics"},
        {"name": {"en": "a sequence of 10000 positions, d=2",
                  "ko": "위치 10000개짜리 시퀀스, d=2"},
         "args": [_matrix(rng, 10000, 2)], "tier": "numerics",
         "checks": [{"kind": "row_norms_equal_to_arg", "arg": 0}]},
    ]
