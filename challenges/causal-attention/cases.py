"""Test cases for causal_attention(Q, K, V): public examples first, then hidden edge and random
cases. Every case has as many queries as keys (one of each per token)."""

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


def _random(rng, n, d, dv):
    return [_matrix(rng, n, d), _matrix(rng, n, d), _matrix(rng, n, dv)]


def _large_scores(rng, base):
    """Five tokens of width 4 whose scaled scores sit within a few units of `base`.

    Every query sums to 4 and every key entry is base/2 plus a small integer, so the
    score is base + (q . delta) / 2. All values are exact in float32.
    """
    Q = [[1, 1, 1, 1], [1, 2, 0, 1], [2, 0, 1, 1], [0, 1, 2, 1], [1, 1, 2, 0]]
    K = [[base // 2 + rng.randint(-2, 2) for _ in range(4)] for _ in range(5)]
    return [Q, K, _matrix(rng, 5, 3)]



def _rows_apart(rng):
    """Four tokens: queries 0 and 2 score every key near 10000, queries 1 and 3 near 0.

    Every key entry is 5000 plus a small integer; queries 0 and 2 sum to 4 and queries 1 and 3
    sum to 0, so their scaled scores are 10000 + (q . delta) / 2 and (q . delta) / 2. One
    maximum for the whole matrix (10000) leaves nothing but exp(-10000) = 0 in rows 1 and 3.
    No key outscores the keys a query sees by much, so only that one maximum is tested here.
    """
    Q = [[1, 1, 1, 1], [1, -1, 0, 0], [0, 1, 2, 1], [0, 1, 0, -1]]
    K = [[5000 + rng.randint(-2, 2) for _ in range(4)] for _ in range(4)]
    return [Q, K, _matrix(rng, 4, 3)]


def _loud_future(rng):
    """Five tokens whose last key scores 3000 for queries 0..3, which may not see it.

    Queries 0..3 sum to 4 and key 4 is 1500 everywhere, so they score it 3000; the keys they
    see are small integers (scores of a few units). Query 4 sums to 0 and scores key 4 at 0, so
    the largest visible score of the whole matrix stays small.
    """
    Q = [[1, 1, 1, 1], [1, 2, 0, 1], [2, 0, 1, 1], [0, 1, 2, 1], [1, -1, 1, -1]]
    K = [[rng.randint(-2, 2) for _ in range(4)] for _ in range(4)] + [[1500] * 4]
    return [Q, K, _matrix(rng, 5, 3)]


def _masked_key_at_top(rng):
    """Five tokens: the last key scores 10000 for queries 0..3, which may not see it, and every
    key they see scores within 4 of -10000 (the two ends of the statement's score range).

    Queries sum to 4; keys 0..3 are -5000 plus a small integer per entry and key 4 is 5000
    everywhere. Adding a finite -10000 leaves the hidden key near 0, far above the visible ones.
    Query 4 sees key 4, so its output is V[4]. Integers: exact in float32.
    """
    Q = [[1, 1, 1, 1], [1, 2, 0, 1], [2, 0, 1, 1], [0, 1, 2, 1], [1, 1, 2, 0]]
    K = [[-5000 + rng.randint(-2, 2) for _ in range(4)] for _ in range(4)] + [[5000] * 4]
    return [Q, K, _matrix(rng, 5, 3)]


def _future_changed(rng, args, t):
    """The same tokens 0..t as `args`, and other queries, keys and values after them."""
    n, widths = len(args[0]), [len(m[0]) for m in args]
    return [m[: t + 1] + _matrix(rng, n - t - 1, w) for m, w in zip(args, widths, strict=True)]


def _causality_pair(rng, name, n, d, dv, t):
    """Two cases that agree on tokens 0..t: their outputs must agree on rows 0..t."""
    base = {"name": name, "args": _random(rng, n, d, dv)}
    changed = {
        "name": {"en": f"{name['en']}, tokens after {t} changed",
                 "ko": f"{name['ko']}, {t}번 토큰 뒤를 바꾼 경우"},
        "args": _future_changed(rng, base["args"], t),
        "checks": [{"kind": "same_rows_as", "case": name["en"], "rows": [0, t + 1]}],
    }
    return [base, changed]


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(5551212)
    pairs = random.Random(777)
    return _fixed(rng) + [
        *_causality_pair(pairs, {"en": "causality: 6 tokens, d=4, dv=3",
                                 "ko": "인과성: 토큰 6개, d=4, dv=3"}, 6, 4, 3, t=2),
        *_causality_pair(pairs, {"en": "causality: 5 tokens, d=2, dv=2",
                                 "ko": "인과성: 토큰 5개, d=2, dv=2"}, 5, 2, 2, t=0),
    ] + _numerics()


def _fixed(rng):
    lesson = [[1, 0], [0, 1], [1, 1]]
    return [
        {
            "name": {"en": "lesson example: three tokens of width 2",
                     "ko": "레슨 예시: 폭 2인 토큰 세 개"},
            "args": [lesson, lesson, [[10, 0], [0, 10], [5, 5]]],
            "public": True,
        },
        {
            "name": {"en": "four tokens, keys of width 2, values of width 3",
                     "ko": "토큰 네 개, 폭 2인 키, 폭 3인 밸류"},
            "args": [
                [[1, 0], [0, 1], [1, -1], [2, 1]],
                [[0, 1], [1, 1], [-1, 0], [1, 2]],
                [[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 1]],
            ],
            "public": True,
        },
        {
            "name": {"en": "a single token", "ko": "토큰 하나"},
            "args": [[[0.5, -1.0]], [[2.0, 1.0]], [[3.0, -4.0, 0.5]]],
        },
        {"name": {"en": "two tokens", "ko": "토큰 두 개"}, "args": _random(rng, 2, 3, 2)},
        {
            "name": {"en": "equal scores (queries of zeros)", "ko": "같은 점수(0으로만 된 쿼리)"},
            "args": [[[0.0, 0.0, 0.0]] * 5, _matrix(rng, 5, 3), _matrix(rng, 5, 2)],
        },
        {
            "name": {"en": "values wider than keys (d=2, dv=5)",
                     "ko": "키보다 넓은 밸류(d=2, dv=5)"},
            "args": _random(rng, 5, 2, 5),
        },
        {
            "name": {"en": "values narrower than keys (d=8, dv=1)",
                     "ko": "키보다 좁은 밸류(d=8, dv=1)"},
            "args": _random(rng, 6, 8, 1),
        },
        {
            "name": {"en": "negative queries, keys and values", "ko": "음수 쿼리, 키, 밸류"},
            "args": [
                [[-1.0, -2.0], [-0.5, -3.0], [-2.5, -0.5]],
                [[-1.0, -1.0], [-2.0, 0.5], [-0.5, -0.5]],
                [[-1.0, -2.0], [-4.0, 0.0], [-2.0, -5.0]],
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
            "name": {"en": "a future key scores far above every key its queries see",
                     "ko": "보이는 키보다 점수가 훨씬 높은 미래의 키"},
            "args": _loud_future(random.Random(4343)),
        },
        {
            "name": {"en": "a masked key at the top of the range, visible keys at the bottom",
                     "ko": "범위 맨 위의 가려진 키, 맨 아래의 보이는 키"},
            "args": _masked_key_at_top(random.Random(4444)), "tier": "numerics",
            "float32_scale": 10004,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "a sequence of 256 tokens", "ko": "토큰 256개로 된 시퀀스"},
            "args": _random(rng, 256, 4, 2),
        },
        {
            "name": {"en": "random, 4 tokens, d=4, dv=4", "ko": "무작위, 토큰 4개, d=4, dv=4"},
            "args": _random(rng, 4, 4, 4),
        },
        {
            "name": {"en": "random, 7 tokens, d=3, dv=2", "ko": "무작위, 토큰 7개, d=3, dv=2"},
            "args": _random(rng, 7, 3, 2),
        },
        {
            "name": {"en": "random, 8 tokens, d=16, dv=8", "ko": "무작위, 토큰 8개, d=16, dv=8"},
            "args": _random(rng, 8, 16, 8),
        },
        {
            "name": {"en": "random, 5 tokens, d=64, dv=3", "ko": "무작위, 토큰 5개, d=64, dv=3"},
            "args": _random(rng, 5, 64, 3),
        },
    ]


def _numerics():
    """The numerics tier: inputs exact in float16 and bfloat16, and a long sequence."""
    rng = random.Random(16)
    return [
        {"name": {"en": "numerics: inputs exact in float16 and bfloat16, 12 tokens",
                  "ko": "수치: float16과 bfloat16으로 정확한 입력, 토큰 12개"},
         "args": _exact(_random(rng, 12, 4, 3)), "tier": "numerics"},
        {"name": {"en": "numerics: 512 tokens", "ko": "수치: 토큰 512개"},
         "args": _exact(_random(rng, 512, 2, 2)), "tier": "numerics"},
    ]
