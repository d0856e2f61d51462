"""Test cases for sink_attention(Q, K, V, sinks, window): public examples first, then hidden
edge, random and long cases.

The long case (16384 tokens, 4 sinks, window 60) is there for the memory limit: its full score
matrix would take 1 GiB in float32, eight times the box's 128 MiB, while scoring each block of
queries against its sinks and its band of recent keys needs a few MiB.
"""

import random


def _matrix(rng, rows, cols, scale=1.0):
    return [[round(rng.gauss(0.0, scale), 4) for _ in range(cols)] for _ in range(rows)]


def _small_ints(rng, rows, cols):
    """Integers from -2 to 2: a long sequence stays small as JSON and exact in float32."""
    return [[rng.randint(-2, 2) for _ in range(cols)] for _ in range(rows)]


def _random(rng, n, d, dv, sinks, window):
    return [_matrix(rng, n, d), _matrix(rng, n, d), _matrix(rng, n, dv), sinks, window]


def _large_scores(rng, base, n, sinks, window):
    """n width-4 tokens whose scores sit within a few units of `base`, exact in float32."""
    queries = [[1, 1, 1, 1], [1, 2, 0, 1], [2, 0, 1, 1], [0, 1, 2, 1], [1, 1, 2, 0]]
    Q = [rng.choice(queries) for _ in range(n)]
    K = [[base // 2 + rng.randint(-2, 2) for _ in range(4)] for _ in range(n)]
    return [Q, K, _matrix(rng, n, 3), sinks, window]


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(4096)
    return [
        {"name": {"en": "six tokens, one sink, window 2", "ko": "토큰 6개, 싱크 1개, 윈도 2"},
         "args": [[[1, 0], [0, 1], [1, 1], [1, -1], [0, 2], [2, 1]],
                  [[1, 0], [0, 1], [1, 1], [-1, 1], [2, 0], [0, -1]],
                  [[1, 0], [0, 1], [1, 1], [2, 0], [0, 2], [1, -1]], 1, 2], "public": True},
        {"name": {"en": "eight tokens, two sinks, window 3", "ko": "토큰 8개, 싱크 2개, 윈도 3"},
         "args": _random(rng, 8, 2, 2, 2, 3), "public": True},
        {"name": {"en": "no sinks: plain sliding window", "ko": "싱크 없음: 보통의 슬라이딩 윈도"},
         "args": _random(rng, 12, 3, 2, 0, 3)},
        {"name": {"en": "more sinks than tokens", "ko": "토큰보다 많은 싱크"},
         "args": _random(rng, 7, 3, 2, 10, 2)},
        {"name": {"en": "window 1: the sinks and the token itself",
                  "ko": "윈도 1: 싱크와 토큰 자신"},
         "args": _random(rng, 10, 4, 3, 2, 1)},
        {"name": {"en": "a single token", "ko": "토큰 하나"},
         "args": [[[0.5, -1.0]], [[2.0, 1.0]], [[3.0, -4.0, 0.5]], 2, 3]},
        {"name": {"en": "scores near 1000", "ko": "1000 근처의 점수"},
         "args": _large_scores(rng, 1000, 30, 3, 5),
         "float32_scale": 1004},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "random, 300 tokens, d=8, dv=4, 4 sinks, window 16",
                  "ko": "무작위, 토큰 300개, d=8, dv=4, 싱크 4개, 윈도 16"},
         "args": _random(rng, 300, 8, 4, 4, 16)},
        {"name": {"en": "random, 1000 tokens, d=4, dv=2, 4 sinks, window 64",
                  "ko": "무작위, 토큰 1000개, d=4, dv=2, 싱크 4개, 윈도 64"},
         "args": _random(rng, 1000, 4, 2, 4, 64)},
        {"name": {"en": "a long sequence: 16384 tokens, 4 sinks, window 60",
                  "ko": "긴 시퀀스: 토큰 16384개, 싱크 4개, 윈도 60"},
         "args": [_small_ints(rng, 16384, 2), _small_ints(rng, 16384, 2),
                  _small_ints(rng, 16384, 1), 4, 60]},
    ]
