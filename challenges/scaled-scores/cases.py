"""Test cases for scaled_scores(Q, K): public examples first, then hidden edge and random cases."""

import random


def _matrix(rng, rows, cols, scale=1.0):
    return [[round(rng.gauss(0.0, scale), 4) for _ in range(cols)] for _ in range(rows)]


def _int_matrix(rng, rows, cols, low, high):
    return [[rng.randint(low, high) for _ in range(cols)] for _ in range(rows)]


def _half_exact(rng, rows, cols):
    """Entries k/16 with |k| < 256, about normal with spread 1: eight significant bits at
    most, exact in bfloat16 (and so in float16 and float32)."""
    return [[max(-255, min(255, round(rng.gauss(0.0, 16.0)))) / 16 for _ in range(cols)]
            for _ in range(rows)]


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(424242)
    lesson = [[1, 0], [0, 1], [1, 1]]
    zero_query = _matrix(rng, 3, 4)
    zero_query[1] = [0.0, 0.0, 0.0, 0.0]
    return [
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
            "args": [[[3.0, -1.0, 2.0]], [[0.5, 2.0, -1.5]]],
        },
        {
            "name": {"en": "vectors of width 1", "ko": "폭 1인 벡터"},
            "args": [[[2.0], [-1.0], [0.5]], [[3.0], [1.5]]],
        },
        {
            "name": {"en": "more keys than queries", "ko": "쿼리보다 많은 키"},
            "args": [_matrix(rng, 2, 3), _matrix(rng, 5, 3)],
        },
        {
            "name": {"en": "more queries than keys", "ko": "키보다 많은 쿼리"},
            "args": [_matrix(rng, 6, 5), _matrix(rng, 2, 5)],
        },
        {
            "name": {"en": "a query of zeros", "ko": "0으로만 된 쿼리"},
            "args": [zero_query, _matrix(rng, 5, 4)],
        },
        {
            "name": {"en": "negative integer entries", "ko": "음의 정수 원소"},
            "args": [_int_matrix(rng, 3, 3, -9, -1), _int_matrix(rng, 4, 3, -9, 9)],
        },
        {
            "name": {"en": "square but not symmetric", "ko": "정사각이지만 대칭이 아닌 행렬"},
            "args": [_matrix(rng, 4, 4), _matrix(rng, 4, 4)],
        },
        {
            "name": {"en": "wide vectors (width 64)", "ko": "폭이 넓은 벡터(폭 64)"},
            "args": [_matrix(rng, 3, 64), _matrix(rng, 4, 64)],
        },
        {
            "name": {"en": "large entries, scores in the thousands",
                     "ko": "큰 원소, 수천 단위의 점수"},
            "args": [_int_matrix(rng, 3, 16, -100, 100), _int_matrix(rng, 5, 16, -100, 100)],
        },
        {
            "name": {"en": "1000 keys", "ko": "키 1000개"},
            "args": [_matrix(rng, 3, 8), _matrix(rng, 1000, 8)],
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
            "name": {"en": "random, 1 query, 6 keys, width 2",
                     "ko": "무작위, 쿼리 1개, 키 6개, 폭 2"},
            "args": [_matrix(rng, 1, 2, 2.0), _matrix(rng, 6, 2, 2.0)],
        },
        {
            "name": {"en": "entries exact in float16 and bfloat16, width 12",
                     "ko": "float16과 bfloat16으로 정확히 표현되는 원소, 폭 12"},
            "args": [_half_exact(rng, 4, 12), _half_exact(rng, 5, 12)], "tier": "numerics",
        },
        {
            # Integers up to 100 in size and d = 64: scores at most 80000 in size, exact in
            # float32 (the dot products stay below 2^24, and sqrt(64) = 8).
            "name": {"en": "entries at the limit of 100 in size, width 64",
                     "ko": "크기가 한계인 100인 원소, 폭 64"},
            "args": [[[rng.choice([-100, 100]) for _ in range(64)] for _ in range(3)],
                     [[rng.choice([-100, 100]) for _ in range(64)] for _ in range(4)]],
            "tier": "numerics",
        },
        {
            "name": {"en": "two queries, 4000 keys", "ko": "쿼리 두 개, 키 4000개"},
            "args": [_matrix(rng, 2, 4), _matrix(rng, 4000, 4)], "tier": "numerics",
        },
    ]
