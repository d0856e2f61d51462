"""Test cases for sliding_window_attention(Q, K, V, window): public examples first, then hidden
edge and random cases. Every case has as many queries as keys (one of each per token)."""

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


def _random(rng, n, d, dv, window):
    return [_matrix(rng, n, d), _matrix(rng, n, d), _matrix(rng, n, dv), window]


def _large_scores(rng, base, n, window):
    """n tokens of width 4 whose scaled scores sit within a few units of `base`.

    Every query sums to 4 and every key entry is base/2 plus a small integer, so the score
    is base + (q . delta) / 2. All values are exact in float32.
    """
    patterns = [[1, 1, 1, 1], [1, 2, 0, 1], [2, 0, 1, 1], [0, 1, 2, 1], [1, 1, 2, 0]]
    Q = [rng.choice(patterns) for _ in range(n)]
    K = [[base // 2 + rng.randint(-2, 2) for _ in range(4)] for _ in range(n)]
    return [Q, K, _matrix(rng, n, 3), window]


def _rows_apart(rng):
    """Six tokens, window 3: queries 0, 2 and 4 score every key near 10000, the others near 0.

    Every key entry is 5000 plus a small integer; the even queries sum to 4 and the odd ones to
    0, so their scaled scores are 10000 + (q . delta) / 2 and (q . delta) / 2. One maximum for
    the whole matrix (10000) leaves nothing but exp(-10000) = 0 in the odd rows. Keys a query
    may not see score about as much as the ones it sees, so only that one maximum is tested.
    """
    Q = [[1, 1, 1, 1], [1, -1, 0, 0], [0, 1, 2, 1], [0, 1, 0, -1], [2, 0, 1, 1], [1, 0, -1, 0]]
    K = [[5000 + rng.randint(-2, 2) for _ in range(4)] for _ in range(6)]
    return [Q, K, _matrix(rng, 6, 3), 3]


def _loud_old_key(rng):
    """Six tokens, window 2: key 0 scores 3000 for queries 2..5, which are past its window.

    Key 0 is 1500 everywhere and queries 2..5 sum to 4; the keys inside their windows are small
    integers (scores of a few units). Queries 0 and 1 see key 0 and sum to 0, so they score it
    0, and the largest visible score of the whole matrix stays small.
    """
    Q = [[1, -1, 1, -1], [0, 1, 0, -1], [1, 1, 1, 1], [1, 2, 0, 1], [2, 0, 1, 1], [0, 1, 2, 1]]
    K = [[1500] * 4] + [[rng.randint(-2, 2) for _ in range(4)] for _ in range(5)]
    return [Q, K, _matrix(rng, 6, 3), 2]


def _masked_key_at_top(rng):
    """Six tokens, window 2: key 0 scores 10000 for queries 2..5, past its window, and every
    key they see scores within 4 of -10000 (the two ends of the statement's score range).

    Key 0 is 5000 everywhere and keys 1..5 are -5000 plus a small integer per entry; queries
    2..5 sum to 4. Queries 0 and 1 see key 0 and sum to 0, so every score they see is small.
    Adding a finite -10000 leaves key 0 near 0, far above the visible keys. Exact in float32.
    """
    Q = [[1, -1, 1, -1], [0, 1, 0, -1], [1, 1, 1, 1], [1, 2, 0, 1], [2, 0, 1, 1], [0, 1, 2, 1]]
    K = [[5000] * 4] + [[-5000 + rng.randint(-2, 2) for _ in range(4)] for _ in range(5)]
    return [Q, K, _matrix(rng, 6, 3), 2]


def _twin(rng, args, keep):
    """The same case with the queries, keys and values of every token after `keep` replaced."""
    Q, K, V, window = args
    fresh = _random(rng, len(Q) - keep, len(Q[0]), len(V[0]), window)
    return [Q[:keep] + fresh[0], K[:keep] + fresh[1], V[:keep] + fresh[2], window]


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(16180339)
    causal = _random(rng, 6, 3, 2, 6)
    twin = _random(rng, 12, 4, 3, 4)
    return [
        {
            "name": {"en": "five tokens, window 2", "ko": "토큰 5개, 윈도 2"},
            "args": [[[1, 0], [0, 1], [1, 1], [1, -1], [0, 2]],
                     [[1, 0], [0, 1], [1, 1], [-1, 1], [2, 0]],
                     [[1, 0], [0, 1], [1, 1], [2, 0], [0, 2]], 2],
            "public": True,
        },
        {
            "name": {"en": "four tokens, window 3, values of width 3",
                     "ko": "토큰 4개, 윈도 3, 폭 3인 밸류"},
            "args": [[[1, 0], [0, 1], [1, -1], [2, 1]],
                     [[0, 1], [1, 1], [-1, 0], [1, 2]],
                     [[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 1]], 3],
            "public": True,
        },
        {"name": {"en": "a single token", "ko": "토큰 하나"}, "args": _random(rng, 1, 2, 3, 3)},
        {"name": {"en": "window 1: every token sees only itself",
                  "ko": "윈도 1: 모든 토큰이 자기 자신만 봄"}, "args": _random(rng, 5, 3, 2, 1)},
        {"name": {"en": "window 2", "ko": "윈도 2"}, "args": _random(rng, 7, 3, 3, 2)},
        {"name": {"en": "window equal to the sequence length", "ko": "시퀀스 길이와 같은 윈도"},
         "args": causal},
        {
            "name": {"en": "window longer than the sequence", "ko": "시퀀스보다 긴 윈도"},
            "args": causal[:3] + [11],
            "checks": [{"kind": "equal_to", "case": "window equal to the sequence length",
                        "message": {
                            "en": "a window longer than the sequence must give plain causal "
                                  "attention, the same as a window of the sequence's length",
                            "ko": "시퀀스보다 긴 윈도는 시퀀스 길이만 한 윈도와 똑같이 "
                                  "평범한 인과적 어텐션이 되어야 합니다"}}],
        },
        {"name": {"en": "twelve tokens, window 4", "ko": "토큰 12개, 윈도 4"}, "args": twin},
        {
            "name": {"en": "twelve tokens, window 4, the last seven changed",
                     "ko": "토큰 12개, 윈도 4, 마지막 7개를 바꿈"},
            "args": _twin(rng, twin, 5),
            "checks": [{"kind": "same_rows_as", "case": "twelve tokens, window 4",
                        "rows": [0, 5]}],
        },
        {
            "name": {"en": "equal scores (queries of zeros)",
                     "ko": "모두 같은 점수 (0으로 된 쿼리)"},
            "args": [[[0.0, 0.0, 0.0]] * 6, _matrix(rng, 6, 3), _matrix(rng, 6, 2), 3],
        },
        {"name": {"en": "values wider than keys (d=2, dv=5)", "ko": "키보다 넓은 밸류 (d=2, dv=5)"},
         "args": _random(rng, 8, 2, 5, 3)},
        {"name": {"en": "values narrower than keys (d=8, dv=1)",
                  "ko": "키보다 좁은 밸류 (d=8, dv=1)"},
         "args": _random(rng, 9, 8, 1, 5)},
        {"name": {"en": "scores near 1000", "ko": "1000 근처의 점수"},
         "args": _large_scores(rng, 1000, 8, 3),
         "float32_scale": 1004},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "scores near 10000", "ko": "10000 근처의 점수"},
         "args": _large_scores(rng, 10000, 7, 4),
         "float32_scale": 10004},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "scores near -1000", "ko": "-1000 근처의 점수"},
         "args": _large_scores(rng, -1000, 6, 2),
         "float32_scale": 1004},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "scores near 10000 in some rows and near 0 in others",
                  "ko": "어떤 행은 10000 근처, 어떤 행은 0 근처인 점수"},
         "args": _rows_apart(random.Random(4242)),
         "float32_scale": 10004},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "a key past the window scores far above every key inside it",
                  "ko": "윈도 안의 키보다 점수가 훨씬 높은 윈도 밖의 키"},
         "args": _loud_old_key(random.Random(4343))},
        {"name": {"en": "a masked key at the top of the range, visible keys at the bottom",
                  "ko": "범위 맨 위의 가려진 키, 맨 아래의 보이는 키"},
         "args": _masked_key_at_top(random.Random(4444)), "tier": "numerics",
         "float32_scale": 10004},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "a sequence of 1000 tokens, window 16",
                  "ko": "토큰 1000개짜리 시퀀스, 윈도 16"}, "args": _random(rng, 1000, 2, 1, 16)},
        {"name": {"en": "random, 10 tokens, window 3, d=4", "ko": "무작위, 토큰 10개, 윈도 3, d=4"},
         "args": _random(rng, 10, 4, 4, 3)},
        {"name": {"en": "random, 32 tokens, window 9, d=16, dv=8",
                  "ko": "무작위, 토큰 32개, 윈도 9, d=16, dv=8"},
         "args": _random(rng, 32, 16, 8, 9)},
    ] + _numerics()


def _numerics():
    """The numerics tier: inputs exact in float16 and bfloat16, and a long sequence."""
    rng = random.Random(16)
    return [
        {"name": {"en": "numerics: inputs exact in float16 and bfloat16, 12 tokens, window 5",
                  "ko": "수치: float16과 bfloat16으로 정확한 입력, 토큰 12개, 윈도 5"},
         "args": _exact(_random(rng, 12, 4, 3, 5)), "tier": "numerics"},
        {"name": {"en": "numerics: 1500 tokens, window 32", "ko": "수치: 토큰 1500개, 윈도 32"},
         "args": _exact(_random(rng, 1500, 2, 1, 32)), "tier": "numerics"},
    ]
