"""Test cases for masked_attention(Q, K, V, key_mask): public examples first, then hidden edge
and random cases. Every mask has at least one real key (True)."""

import random

# Width-4 queries of small non-negative integers that sum to 4: with keys whose entries all
# equal c, every score is 4 * c / sqrt(4) = 2 * c.
QUERIES_SUMMING_TO_4 = [[1, 1, 1, 1], [1, 2, 0, 1], [2, 0, 1, 1], [0, 1, 2, 1]]


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


def _mask(rng, m, real):
    """A mask of m keys with `real` True entries at random places."""
    places = set(rng.sample(range(m), real))
    return [j in places for j in range(m)]


def _random(rng, n, m, d, dv, real):
    return [_matrix(rng, n, d), _matrix(rng, m, d), _matrix(rng, m, dv), _mask(rng, m, real)]


def _large_scores(rng, base, mask):
    """Keys whose scaled scores sit within a few units of `base`; exact in float32."""
    K = [[base // 2 + rng.randint(-2, 2) for _ in range(4)] for _ in mask]
    return [QUERIES_SUMMING_TO_4, K, _matrix(rng, len(mask), 3), mask]


def _rows_apart(rng):
    """Queries 0 and 2 score every key near 10000, queries 1 and 3 near 0; two keys padding.

    Every key entry is 5000 plus a small integer; queries 0 and 2 sum to 4 and queries 1 and 3
    sum to 0, so their scaled scores are 10000 + (q . delta) / 2 and (q . delta) / 2. One
    maximum for the whole matrix (10000) leaves nothing but exp(-10000) = 0 in rows 1 and 3.
    """
    Q = [[1, 1, 1, 1], [1, -1, 0, 0], [0, 1, 2, 1], [0, 1, 0, -1]]
    K = [[5000 + rng.randint(-2, 2) for _ in range(4)] for _ in range(6)]
    return [Q, K, _matrix(rng, 6, 3), [True, False, True, True, False, True]]


def _masked_key_at_top(rng):
    """A padding key scores 10000 for every query, and every real key scores within 4 of -10000
    (the two ends of the statement's score range).

    Queries sum to 4; the padding key is 5000 everywhere and the real keys are -5000 plus a
    small integer per entry. Adding a finite -10000 leaves the padding key near 0, far above
    the real ones. Integers: exact in float32.
    """
    K = [[-5000 + rng.randint(-2, 2) for _ in range(4)] for _ in range(4)]
    return [QUERIES_SUMMING_TO_4[:3], K[:2] + [[5000] * 4] + K[2:], _matrix(rng, 5, 3),
            [True, True, False, True, True]]


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(20240607)
    end_padded = [_matrix(rng, 4, 3), _matrix(rng, 9, 3), _matrix(rng, 9, 2),
                  [True] * 5 + [False] * 4]
    garbage = [row[:] for row in end_padded[1][:5]] + _matrix(rng, 4, 3, scale=3.0)
    garbage_values = [row[:] for row in end_padded[2][:5]] + _matrix(rng, 4, 2, scale=50.0)
    loud_padding = [
        QUERIES_SUMMING_TO_4,
        [[rng.randint(-2, 2) for _ in range(4)] for _ in range(3)] + [[5000] * 4, [4990] * 4],
        _matrix(rng, 5, 3),
        [True, True, True, False, False],
    ]
    return [
        {
            "name": {"en": "three keys, the last one padding", "ko": "키 세 개, 마지막 키는 패딩"},
            "args": [[[1, 0], [0, 1]], [[1, 0], [0, 1], [1, 1]], [[10, 0], [0, 10], [5, 5]],
                     [True, True, False]],
            "public": True,
        },
        {
            "name": {"en": "padding in the middle, values of width 3",
                     "ko": "가운데에 있는 패딩, 폭 3인 밸류"},
            "args": [
                [[1, 2], [0, -1], [2, 0]],
                [[1, 0], [3, 3], [0, 1], [-1, 1]],
                [[1, 0, 0], [9, 9, 9], [0, 1, 0], [0, 0, 1]],
                [True, False, True, True],
            ],
            "public": True,
        },
        {"name": {"en": "a single query and a single real key", "ko": "쿼리 하나와 진짜 키 하나"},
         "args": [[[0.5, -1.0]], [[2.0, 1.0]], [[3.0, -4.0, 0.5]], [True]]},
        {
            "name": {"en": "only one real key among five", "ko": "다섯 개 중 진짜 키는 하나뿐"},
            "args": _random(rng, 3, 5, 4, 3, 1),
        },
        {
            "name": {"en": "no padding at all", "ko": "패딩이 전혀 없음"},
            "args": _random(rng, 4, 6, 3, 2, 6),
        },
        {"name": {"en": "padding at the end", "ko": "끝에 있는 패딩"}, "args": end_padded},
        {
            "name": {"en": "padding keys and values changed", "ko": "패딩 키와 밸류를 바꾼 경우"},
            "args": [end_padded[0], garbage, garbage_values, end_padded[3]],
            "checks": [{"kind": "equal_to", "case": "padding at the end", "message": {
                "en": "changing the padding keys and values must not change the output: "
                      "padding must get no weight at all",
                "ko": "패딩 위치의 키와 밸류를 바꿔도 출력이 바뀌면 안 됩니다: "
                      "패딩에는 가중치가 전혀 가지 않아야 합니다"}}],
        },
        {"name": {"en": "padding at the start", "ko": "앞에 있는 패딩"},
         "args": _random(rng, 3, 6, 2, 2, 2)[:3] + [[False] * 4 + [True] * 2]},
        {
            "name": {"en": "equal scores (queries of zeros)", "ko": "같은 점수(0으로만 된 쿼리)"},
            "args": [[[0.0, 0.0, 0.0]] * 3, _matrix(rng, 6, 3), _matrix(rng, 6, 2),
                     [True, False, True, True, False, False]],
        },
        {
            "name": {"en": "padding keys score far above the real keys",
                     "ko": "진짜 키보다 점수가 훨씬 높은 패딩 키"},
            "args": loud_padding,
        },
        {
            "name": {"en": "a masked key at the top of the range, visible keys at the bottom",
                     "ko": "범위 맨 위의 가려진 키, 맨 아래의 보이는 키"},
            "args": _masked_key_at_top(random.Random(4444)), "tier": "numerics",
            "float32_scale": 10004,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "padding keys in the middle score far above the real keys",
                     "ko": "진짜 키보다 점수가 훨씬 높은 가운데의 패딩 키"},
            "args": [
                [[2, 0, 1, 1], [0, 1, 2, 1]],
                [[1, -1, 0, 2], [3000] * 4, [-2000, 3000, 2000, 1500], [0, 1, 1, -1],
                 [2, 0, -1, 1], [1, 1, 1, 1]],
                _matrix(rng, 6, 2),
                [True, False, False, True, True, True],
            ],
        },
        {
            "name": {"en": "scores near 1000", "ko": "1000 근처의 점수"},
            "args": _large_scores(rng, 1000, [True] * 4 + [False] * 2),
            "float32_scale": 1004,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "scores near 10000", "ko": "10000 근처의 점수"},
            "args": _large_scores(rng, 10000, [False, True, True, False, True, True]),
            "float32_scale": 10004,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "scores near -1000", "ko": "-1000 근처의 점수"},
            "args": _large_scores(rng, -1000, [True] * 3 + [False] * 2),
            "float32_scale": 1004,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "scores near 10000 in some rows and near 0 in others",
                     "ko": "어떤 행은 10000 근처, 어떤 행은 0 근처인 점수"},
            "args": _rows_apart(random.Random(4242)),
            "float32_scale": 10004,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "more queries than keys", "ko": "키보다 많은 쿼리"},
            "args": _random(rng, 6, 3, 5, 2, 2),
        },
        {
            "name": {"en": "values wider than keys (d=2, dv=6)",
                     "ko": "키보다 넓은 밸류(d=2, dv=6)"},
            "args": _random(rng, 3, 5, 2, 6, 3),
        },
        {
            "name": {"en": "one query over 1000 keys, half of them padding",
                     "ko": "키 1000개를 보는 쿼리 하나, 절반은 패딩"},
            "args": _random(rng, 1, 1000, 4, 2, 500),
        },
        {
            "name": {"en": "random, 4 queries, 4 keys, d=4, dv=4",
                     "ko": "무작위, 쿼리 4개, 키 4개, d=4, dv=4"},
            "args": _random(rng, 4, 4, 4, 4, 3),
        },
        {
            "name": {"en": "random, 5 queries, 8 keys, d=3, dv=2",
                     "ko": "무작위, 쿼리 5개, 키 8개, d=3, dv=2"},
            "args": _random(rng, 5, 8, 3, 2, 5),
        },
        {
            "name": {"en": "random, 8 queries, 16 keys, d=16, dv=8",
                     "ko": "무작위, 쿼리 8개, 키 16개, d=16, dv=8"},
            "args": _random(rng, 8, 16, 16, 8, 11),
        },
    ] + _numerics()


def _numerics():
    """The numerics tier: inputs exact in float16 and bfloat16, and a long sequence."""
    rng = random.Random(16)
    return [
        {"name": {"en": "numerics: inputs exact in float16 and bfloat16, 4 queries, 7 keys",
                  "ko": "수치: float16과 bfloat16으로 정확한 입력, 쿼리 4개, 키 7개"},
         "args": _exact(_random(rng, 4, 7, 4, 3, 5)), "tier": "numerics"},
        {"name": {"en": "numerics: 3000 keys, half of them padding",
                  "ko": "수치: 키 3000개, 그 절반은 패딩"},
         "args": _exact(_random(rng, 4, 3000, 2, 2, 1500)), "tier": "numerics"},
    ]
