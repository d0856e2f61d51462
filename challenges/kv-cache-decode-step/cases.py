"""Test cases for decode_step(Q, K, V, cache_K, cache_V): public examples first, then hidden
edge, random and long cases.

The long case (a cache of 32768 tokens, 4 new ones) is there for the memory limit: a causal
mask over the whole sequence, 32772 x 32772, would take 1 GiB even as booleans, eight times
the box's 128 MiB, while scoring the 4 new queries against 32772 keys takes 1 MiB.
"""

import random


def _matrix(rng, rows, cols, scale=1.0):
    return [[round(rng.gauss(0.0, scale), 4) for _ in range(cols)] for _ in range(rows)]


def _small_ints(rng, rows, cols):
    """Integers from -2 to 2: a long cache stays small as JSON and exact in float32."""
    return [[rng.randint(-2, 2) for _ in range(cols)] for _ in range(rows)]


def _random(rng, p, t, d, dv):
    """Queries, keys and values of t new tokens, then a cache of p tokens."""
    return [_matrix(rng, t, d), _matrix(rng, t, d), _matrix(rng, t, dv),
            _matrix(rng, p, d), _matrix(rng, p, dv)]


def _large_scores(rng, base, p, t):
    """Width-4 tokens whose scores sit within a few units of `base`, exact in float32."""
    queries = [[1, 1, 1, 1], [1, 2, 0, 1], [2, 0, 1, 1], [0, 1, 2, 1], [1, 1, 2, 0]]
    keys = [[base // 2 + rng.randint(-2, 2) for _ in range(4)] for _ in range(p + t)]
    return [[rng.choice(queries) for _ in range(t)], keys[p:], _matrix(rng, t, 3),
            keys[:p], _matrix(rng, p, 3)]


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(32768)
    return [
        {"name": {"en": "a cache of 3 tokens, 2 new tokens", "ko": "캐시 토큰 3개, 새 토큰 2개"},
         "args": [[[1, 0], [0, 1]], [[1, 1], [0, 2]], [[1, 1], [0, 2]],
                  [[1, 0], [0, 1], [-1, 0]], [[1, 0], [0, 1], [2, 0]]], "public": True},
        {"name": {"en": "an empty cache, 3 new tokens", "ko": "빈 캐시, 새 토큰 3개"},
         "args": [[[1, 0], [0, 1], [1, 1]], [[1, 0], [0, 1], [1, 1]],
                  [[10, 0], [0, 10], [5, 5]], [], []], "public": True},
        {"name": {"en": "one new token, a cache of 5", "ko": "새 토큰 1개, 캐시 5개"},
         "args": _random(rng, 5, 1, 3, 2)},
        {"name": {"en": "an empty cache, 5 new tokens", "ko": "빈 캐시, 새 토큰 5개"},
         "args": _random(rng, 0, 5, 4, 3)},
        {"name": {"en": "random, a cache of 50, 6 new tokens, d=4, dv=3",
                  "ko": "무작위, 캐시 50개, 새 토큰 6개, d=4, dv=3"},
         "args": _random(rng, 50, 6, 4, 3)},
        {"name": {"en": "random, a cache of 200, 16 new tokens, d=8, dv=2",
                  "ko": "무작위, 캐시 200개, 새 토큰 16개, d=8, dv=2"},
         "args": _random(rng, 200, 16, 8, 2)},
        {"name": {"en": "scores near 1000", "ko": "1000 근처의 점수"},
         "args": _large_scores(rng, 1000, 20, 4),
         "float32_scale": 1004},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "a long cache: 32768 tokens, 4 new tokens",
                  "ko": "긴 캐시: 토큰 32768개, 새 토큰 4개"},
         "args": [_small_ints(rng, 4, 2), _small_ints(rng, 4, 2), _small_ints(rng, 4, 1),
                  _small_ints(rng, 32768, 2), _small_ints(rng, 32768, 1)]},
    ]
