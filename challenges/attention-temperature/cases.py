"""Test cases for attention_with_temperature(Q, K, V, temperature): public examples first, then
hidden edge and random cases. Every temperature is positive."""

import random

BASE = "random, 5 queries, 7 keys, d=3, temperature 0.8"
BASE_KO = "무작위, 쿼리 5개, 키 7개, d=3, 온도 0.8"

# Width-4 queries of small non-negative integers that sum to 4.
QUERIES_SUMMING_TO_4 = [[1, 1, 1, 1], [1, 2, 0, 1], [2, 0, 1, 1]]


def _matrix(rng, rows, cols, scale=1.0):
    return [[round(rng.gauss(0.0, scale), 4) for _ in range(cols)] for _ in range(rows)]


def _random(rng, n, m, d, dv, temperature):
    return [_matrix(rng, n, d), _matrix(rng, m, d), _matrix(rng, m, dv), temperature]


def _cold(rng, base):
    """Temperature 1/128 on keys of width 4, so the tempered scores sit within a few units of
    `base`. Key entries are multiples of 1/64 and sqrt(4) * T = 1/64: exact in float32."""
    K = [[(base // 4 + rng.randint(-2, 2)) / 64 for _ in range(4)] for _ in range(5)]
    return [QUERIES_SUMMING_TO_4, K, _matrix(rng, 5, 3), 1 / 128]


def _rows_apart(rng):
    """Temperature 1/4: queries 0 and 2 score every key near 10000, queries 1 and 3 near 0.

    Every key entry is 1250 plus a small integer and sqrt(4) * T = 1/2; queries 0 and 2 sum
    to 4 and queries 1 and 3 sum to 0, so their tempered scores are 10000 + 2 (q . delta) and
    2 (q . delta). One maximum for the whole matrix (10000) leaves nothing but exp(-10000) = 0
    in rows 1 and 3. Exact in float32.
    """
    Q = [[1, 1, 1, 1], [1, -1, 0, 0], [0, 1, 2, 1], [0, 1, 0, -1]]
    K = [[1250 + rng.randint(-2, 2) for _ in range(4)] for _ in range(5)]
    return [Q, K, _matrix(rng, 5, 3), 0.25]


def _half_exact(rng, rows, cols, scale=1.0):
    """Entries k/16 (times `scale`, a power of two) with |k| < 256: eight significant bits at
    most, exact in bfloat16 (and so in float16 and float32)."""
    return [[scale * max(-255, min(255, round(rng.gauss(0.0, 16.0)))) / 16
             for _ in range(cols)] for _ in range(rows)]


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(314159)
    lesson = [[1, 0], [0, 1], [1, 1]]
    base = _random(rng, 5, 7, 3, 2, 0.8)
    doubled = [[[2 * x for x in row] for row in base[0]], base[1], base[2], 1.6]
    return [
        {
            "name": {"en": "lesson example at temperature 2", "ko": "온도 2에서의 레슨 예시"},
            "args": [lesson, lesson, [[10, 0], [0, 10], [5, 5]], 2.0],
            "public": True,
        },
        {
            "name": {"en": "two queries, three keys, temperature 0.5",
                     "ko": "쿼리 두 개, 키 세 개, 온도 0.5"},
            "args": [
                [[1, 0, 2, -1], [0, 3, 1, 1]],
                [[2, 1, 0, 1], [1, -1, 1, 0], [0, 0, 1, 2]],
                [[1, 0, -1], [0, 2, 0], [3, 0, 1]],
                0.5,
            ],
            "public": True,
        },
        {
            "name": {"en": "temperature 1 is plain attention", "ko": "온도 1은 평범한 어텐션"},
            "args": _random(rng, 4, 5, 3, 2, 1.0),
        },
        {
            "name": {"en": "a single token", "ko": "토큰 하나"},
            "args": [[[0.5, -1.0]], [[2.0, 1.0]], [[3.0, -4.0, 0.5]], 0.7],
        },
        {
            "name": {"en": "temperature given as an integer", "ko": "정수로 주어진 온도"},
            "args": _random(rng, 3, 4, 4, 2, 3),
        },
        {
            "name": {"en": "high temperature: nearly uniform weights",
                     "ko": "높은 온도: 거의 균등한 가중치"},
            "args": _random(rng, 3, 6, 4, 3, 50.0),
        },
        {
            "name": {"en": "low temperature: sharp weights", "ko": "낮은 온도: 뾰족한 가중치"},
            "args": _random(rng, 4, 4, 4, 2, 0.2),
        },
        {
            "name": {"en": "equal scores (queries of zeros)", "ko": "같은 점수(0으로만 된 쿼리)"},
            "args": [[[0.0, 0.0, 0.0]] * 3, _matrix(rng, 4, 3), _matrix(rng, 4, 2), 0.3],
        },
        {
            "name": {"en": "very low temperature, tempered scores near 1000",
                     "ko": "아주 낮은 온도, 온도로 나눈 점수가 1000 근처"},
            "args": _cold(rng, 1000),
            "float32_scale": 1008,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "very low temperature, tempered scores near 10000",
                     "ko": "아주 낮은 온도, 온도로 나눈 점수가 10000 근처"},
            "args": _cold(rng, 10000),
            "float32_scale": 10008,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "very low temperature, tempered scores near -1000",
                     "ko": "아주 낮은 온도, 온도로 나눈 점수가 -1000 근처"},
            "args": _cold(rng, -1000),
            "float32_scale": 1008,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "tempered scores near 10000 in some rows and near 0 in others",
                     "ko": "어떤 행은 10000 근처, 어떤 행은 0 근처인 온도 적용 점수"},
            "args": _rows_apart(random.Random(4242)),
            "float32_scale": 10016,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "more keys than queries", "ko": "쿼리보다 많은 키"},
            "args": _random(rng, 2, 7, 3, 4, 1.5),
        },
        {
            "name": {"en": "values wider than keys (d=2, dv=6)",
                     "ko": "키보다 넓은 밸류(d=2, dv=6)"},
            "args": _random(rng, 3, 4, 2, 6, 0.6),
        },
        {
            "name": {"en": "one query over 1000 keys", "ko": "키 1000개를 보는 쿼리 하나"},
            "args": _random(rng, 1, 1000, 4, 2, 2.0),
        },
        {"name": {"en": BASE, "ko": BASE_KO}, "args": base},
        {
            "name": {"en": "queries doubled and temperature doubled",
                     "ko": "쿼리와 온도를 함께 두 배로"},
            "args": doubled,
            "checks": [{"kind": "equal_to", "case": BASE, "message": {
                "en": "doubling the queries and the temperature together must not change the "
                      "output: only the scores divided by the temperature matter",
                "ko": "쿼리와 온도를 함께 두 배로 해도 출력이 바뀌면 안 됩니다: "
                      "온도로 나눈 점수만 중요합니다"}}],
        },
        {
            "name": {"en": "random, 8 queries, 8 keys, d=16, temperature 0.25",
                     "ko": "무작위, 쿼리 8개, 키 8개, d=16, 온도 0.25"},
            "args": _random(rng, 8, 8, 16, 8, 0.25),
        },
        {
            "name": {"en": "random, 3 queries, 6 keys, d=9, temperature 3",
                     "ko": "무작위, 쿼리 3개, 키 6개, d=9, 온도 3"},
            "args": _random(rng, 3, 6, 9, 3, 3.0),
        },
        {
            "name": {"en": "random, 4 queries, 5 keys, d=4, temperature 2.5",
                     "ko": "무작위, 쿼리 4개, 키 5개, d=4, 온도 2.5"},
            "args": _random(rng, 4, 5, 4, 3, 2.5),
        },
        {
            "name": {"en": "random, 3 queries, 4 keys, d=2, temperature 3.75",
                     "ko": "무작위, 쿼리 3개, 키 4개, d=2, 온도 3.75"},
            "args": _random(rng, 3, 4, 2, 2, 3.75),
        },
        {
            "name": {"en": "queries of width 16, temperature 7.5",
                     "ko": "폭 16인 쿼리, 온도 7.5"},
            "args": _random(rng, 3, 6, 16, 2, 7.5),
        },
        {
            "name": {"en": "random, 4 queries, 6 keys, d=64, temperature 4",
                     "ko": "무작위, 쿼리 4개, 키 6개, d=64, 온도 4"},
            "args": _random(rng, 4, 6, 64, 3, 4.0),
        },
        {
            "name": {"en": "inputs exact in float16 and bfloat16, temperature 0.5",
                     "ko": "float16과 bfloat16으로 정확히 표현되는 입력, 온도 0.5"},
            "args": [_half_exact(rng, 4, 4), _half_exact(rng, 5, 4), _half_exact(rng, 5, 3), 0.5],
            "tier": "numerics",
        },
        {
            "name": {"en": "the lowest temperature, 1/128, tempered scores near 0",
                     "ko": "가장 낮은 온도 1/128, 온도로 나눈 점수가 0 근처"},
            "args": _cold(rng, 0), "tier": "numerics",
        },
        {
            "name": {"en": "one query over 4000 keys, temperature 1.5",
                     "ko": "키 4000개를 보는 쿼리 하나, 온도 1.5"},
            "args": _random(rng, 1, 4000, 4, 2, 1.5), "tier": "numerics",
        },
    ]
