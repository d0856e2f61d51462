"""Test cases for alibi_attention(Q, K, V, num_heads): public examples first, then hidden edge
and random cases. Every case has as many queries as keys (one of each per token)."""

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


def _random(rng, n, heads, d, dv, scale=1.0):
    return [_matrix(rng, n, heads * d, scale), _matrix(rng, n, heads * d, scale),
            _matrix(rng, n, heads * dv), heads]


_QUERIES = [[1, 1, 1, 1], [1, 2, 0, 1], [2, 0, 1, 1], [0, 1, 2, 1], [1, 1, 2, 0]]


def _large_scores(rng, base, n, heads):
    """Heads of width 4 whose scaled scores sit within a few units of `base`.

    Every query block sums to 4 and every key entry is base/2 plus a small integer, so each
    head's score is base + (q . delta) / 2. All values are exact in float32, and so are the
    biased scores when `heads` is a power of two (the slopes are then powers of two); with
    other head counts float32 would round base + bias by more than the tolerance.
    """
    Q = [[x for _ in range(heads) for x in rng.choice(_QUERIES)] for _ in range(n)]
    K = [[base // 2 + rng.randint(-2, 2) for _ in range(4 * heads)] for _ in range(n)]
    return [Q, K, _matrix(rng, n, 2 * heads), heads]


def _rows_apart(rng):
    """Two heads of width 4, five tokens: in both heads queries 0, 2 and 4 score every key near
    10000 and queries 1 and 3 near 0.

    Every key entry is 5000 plus a small integer; the even query blocks sum to 4 and the odd
    ones to 0, so the scaled scores are 10000 + (q . delta) / 2 and (q . delta) / 2, minus a
    penalty of at most 4 * 1/16. One maximum for a head's whole matrix leaves nothing but
    exp(-10000) = 0 in the odd rows. The slopes (1/16, 1/256) keep everything exact in float32.
    """
    high, low = [[1, 1, 1, 1], [0, 1, 2, 1], [2, 0, 1, 1]], [[1, -1, 0, 0], [0, 1, 0, -1]]
    Q = [high[0] * 2, low[0] + low[1], high[1] * 2, low[1] + low[0], high[2] + high[0]]
    K = [[5000 + rng.randint(-2, 2) for _ in range(8)] for _ in range(5)]
    return [Q, K, _matrix(rng, 5, 4), 2]


def _loud_future(rng):
    """Two heads of width 4, five tokens: in both heads the last key scores 3000 for queries
    0..3, which may not see it.

    Key 4 is 1500 everywhere and queries 0..3 sum to 4 in each head; the keys they see are small
    integers (scores of a few units). Query 4 sums to 0 in each head and scores key 4 at 0, so
    the largest visible score of each head's matrix stays small.
    """
    Q = [_QUERIES[t] + _QUERIES[t + 1] for t in range(4)] + [[1, -1, 1, -1, 0, 1, 0, -1]]
    K = [[rng.randint(-2, 2) for _ in range(8)] for _ in range(4)] + [[1500] * 8]
    return [Q, K, _matrix(rng, 5, 4), 2]


def _masked_key_at_top(rng):
    """Two heads of width 4, five tokens: in both heads the last key scores 10000 (plus a bias
    under 1) for queries 0..3, which may not see it, and every key they see scores within 5 of
    -10000 (the two ends of the statement's score range).

    Keys 0..3 are -5000 plus a small integer per entry, key 4 is 5000 everywhere, and queries
    0..3 sum to 4 in each head. Query 4 sums to 0 in each head, so every score it sees is
    small. Adding a finite -10000 leaves the hidden key near 0, far above the visible ones. The
    slopes (1/16, 1/256) keep everything exact in float32.
    """
    Q = [_QUERIES[t] + _QUERIES[t + 1] for t in range(4)] + [[1, -1, 1, -1, 0, 1, 0, -1]]
    K = [[-5000 + rng.randint(-2, 2) for _ in range(8)] for _ in range(4)] + [[5000] * 8]
    return [Q, K, _matrix(rng, 5, 4), 2]


def _twin(rng, args, keep):
    """The same case with the queries, keys and values of every token after `keep` replaced."""
    Q, K, V, heads = args
    rows = len(Q) - keep
    return [Q[:keep] + _matrix(rng, rows, len(Q[0])), K[:keep] + _matrix(rng, rows, len(K[0])),
            V[:keep] + _matrix(rng, rows, len(V[0])), heads]


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(57721566)
    twin = _random(rng, 10, 4, 2, 2)
    eye = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    return [
        {
            "name": {"en": "two heads, queries of zeros: the penalty alone sets the weights",
                     "ko": "헤드 2개, 0으로 된 쿼리: 벌점만으로 가중치가 정해짐"},
            "args": [[[0, 0]] * 3, [[1, -1], [2, 0], [0, 3]],
                     [row + row for row in eye], 2],
            "public": True,
        },
        {
            "name": {"en": "two heads, four tokens", "ko": "헤드 2개, 토큰 4개"},
            "args": [[[1, 0], [0, 2], [1, 1], [2, -1]],
                     [[2, 1], [1, 1], [0, -1], [1, 2]],
                     [[1, 0], [0, 1], [2, 2], [-1, 1]], 2],
            "public": True,
        },
        {"name": {"en": "a single token", "ko": "토큰 하나"}, "args": _random(rng, 1, 2, 3, 2)},
        {"name": {"en": "one head (slope 1/256)", "ko": "헤드 하나 (기울기 1/256)"},
         "args": _random(rng, 6, 1, 3, 2)},
        {"name": {"en": "eight heads (slopes 1/2 to 1/256)",
                  "ko": "헤드 8개 (기울기 1/2부터 1/256까지)"}, "args": _random(rng, 7, 8, 2, 2)},
        {"name": {"en": "three heads", "ko": "헤드 3개"}, "args": _random(rng, 6, 3, 2, 3)},
        {"name": {"en": "five heads", "ko": "헤드 5개"}, "args": _random(rng, 8, 5, 2, 1)},
        {"name": {"en": "ten tokens, four heads", "ko": "토큰 10개, 헤드 4개"}, "args": twin},
        {
            "name": {"en": "ten tokens, four heads, the last six changed",
                     "ko": "토큰 10개, 헤드 4개, 마지막 6개를 바꿈"},
            "args": _twin(rng, twin, 4),
            "checks": [{"kind": "same_rows_as", "case": "ten tokens, four heads",
                        "rows": [0, 4]}],
        },
        {
            "name": {"en": "equal scores (queries of zeros), four heads",
                     "ko": "모두 같은 점수 (0으로 된 쿼리), 헤드 4개"},
            "args": [[[0.0] * 8] * 12, _matrix(rng, 12, 8), _matrix(rng, 12, 12), 4],
        },
        {"name": {"en": "values wider than keys (d=2, dv=5)", "ko": "키보다 넓은 밸류 (d=2, dv=5)"},
         "args": _random(rng, 5, 2, 2, 5)},
        {"name": {"en": "values narrower than keys (d=8, dv=1)",
                  "ko": "키보다 좁은 밸류 (d=8, dv=1)"},
         "args": _random(rng, 6, 2, 8, 1)},
        {"name": {"en": "scores near 1000", "ko": "1000 근처의 점수"},
         "args": _large_scores(rng, 1000, 6, 2),
         "float32_scale": 1004},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "scores near 10000", "ko": "10000 근처의 점수"},
         "args": _large_scores(rng, 10000, 5, 4),
         "float32_scale": 10004},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "scores near -1000", "ko": "-1000 근처의 점수"},
         "args": _large_scores(rng, -1000, 6, 8),
         "float32_scale": 1007},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "scores near 10000 in some rows and near 0 in others",
                  "ko": "어떤 행은 10000 근처, 어떤 행은 0 근처인 점수"},
         "args": _rows_apart(random.Random(4242)),
         "float32_scale": 10004},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "a future key scores far above every key its queries see",
                  "ko": "보이는 키보다 점수가 훨씬 높은 미래의 키"},
         "args": _loud_future(random.Random(4343))},
        {"name": {"en": "a masked key at the top of the range, visible keys at the bottom",
                  "ko": "범위 맨 위의 가려진 키, 맨 아래의 보이는 키"},
         "args": _masked_key_at_top(random.Random(4444)), "tier": "numerics",
         "float32_scale": 10005},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "a sequence of 1000 tokens, one head",
                  "ko": "토큰 1000개짜리 시퀀스, 헤드 하나"}, "args": _random(rng, 1000, 1, 1, 1)},
        {"name": {"en": "a sequence of 64 tokens, two heads",
                  "ko": "토큰 64개짜리 시퀀스, 헤드 2개"},
         "args": _random(rng, 64, 2, 2, 2)},
        {"name": {"en": "random, 20 tokens, eight heads, d=4, dv=2",
                  "ko": "무작위, 토큰 20개, 헤드 8개, d=4, dv=2"},
         "args": _random(rng, 20, 8, 4, 2)},
        {"name": {"en": "random, 12 tokens, six heads, d=8, dv=3",
                  "ko": "무작위, 토큰 12개, 헤드 6개, d=8, dv=3"},
         "args": _random(rng, 12, 6, 8, 3)},
    ] + _numerics()


def _numerics():
    """The numerics tier: inputs exact in float16 and bfloat16, and a long sequence."""
    rng = random.Random(16)
    return [
        {"name": {"en": "numerics: inputs exact in float16 and bfloat16, 10 tokens, two heads",
                  "ko": "수치: float16과 bfloat16으로 정확한 입력, 토큰 10개, 헤드 2개"},
         "args": _exact(_random(rng, 10, 2, 4, 2)), "tier": "numerics"},
        {"name": {"en": "numerics: 512 tokens", "ko": "수치: 토큰 512개"},
         "args": _exact(_random(rng, 512, 1, 2, 1)), "tier": "numerics"},
    ]
