"""Test cases for sliding_window_attention(Q, K, V, window) at long lengths: public examples
first, then hidden edge, random and long cases.

The long case (16384 tokens, window 48) is there for the memory limit: its full score matrix
would take 1 GiB in float32, eight times the box's 128 MiB, while a solution that scores
each query against its own window only needs a few MiB beyond its inputs.
"""

import random


def _matrix(rng, rows, cols, scale=1.0):
    return [[round(rng.gauss(0.0, scale), 4) for _ in range(cols)] for _ in range(rows)]


def _small_ints(rng, rows, cols):
    """Integers from -2 to 2: a long sequence stays small as JSON and exact in float32."""
    return [[rng.randint(-2, 2) for _ in range(cols)] for _ in range(rows)]


def _random(rng, n, d, dv, window):
    return [_matrix(rng, n, d), _matrix(rng, n, d), _matrix(rng, n, dv), window]


def _loud_key(rng, n, loud, window):
    """Width-4 tokens whose key `loud` scores 3000 for every query; the others a few units.

    Every query sums to 4 and key `loud` is 1500 everywhere; the other keys are small
    integers. The queries before `loud` may not see it (the future), nor those more than
    `window - 1` tokens after it: for them a maximum taken over hidden keys too is 3000 above
    every visible score.
    """
    queries = [[1, 1, 1, 1], [1, 2, 0, 1], [2, 0, 1, 1], [0, 1, 2, 1], [1, 1, 2, 0]]
    Q = [rng.choice(queries) for _ in range(n)]
    K = [[1500] * 4 if j == loud else [rng.randint(-2, 2) for _ in range(4)] for j in range(n)]
    return [Q, K, _matrix(rng, n, 3), window]


def _large_scores(rng, base, n, window):
    """n width-4 tokens whose scores sit within a few units of `base`, exact in float32."""
    queries = [[1, 1, 1, 1], [1, 2, 0, 1], [2, 0, 1, 1], [0, 1, 2, 1], [1, 1, 2, 0]]
    Q = [rng.choice(queries) for _ in range(n)]
    K = [[base // 2 + rng.randint(-2, 2) for _ in range(4)] for _ in range(n)]
    return [Q, K, _matrix(rng, n, 3), window]


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(16384)
    return [
        {"name": {"en": "five tokens, window 2", "ko": "토큰 5개, 윈도 2"},
         "args": [[[1, 0], [0, 1], [1, 1], [1, -1], [0, 2]],
                  [[1, 0], [0, 1], [1, 1], [-1, 1], [2, 0]],
                  [[1, 0], [0, 1], [1, 1], [2, 0], [0, 2]], 2], "public": True},
        {"name": {"en": "six tokens, window 3", "ko": "토큰 6개, 윈도 3"},
         "args": _random(rng, 6, 2, 2, 3), "public": True},
        {"name": {"en": "window 1: each token sees itself", "ko": "윈도 1: 각 토큰이 자신만 봄"},
         "args": _random(rng, 7, 3, 2, 1)},
        {"name": {"en": "a window longer than the sequence", "ko": "시퀀스보다 긴 윈도"},
         "args": _random(rng, 9, 4, 3, 20)},
        {"name": {"en": "a single token", "ko": "토큰 하나"},
         "args": [[[0.5, -1.0]], [[2.0, 1.0]], [[3.0, -4.0, 0.5]], 4]},
        {"name": {"en": "a hidden key scores far above the keys its queries see",
                  "ko": "보이는 키보다 점수가 훨씬 높은 가려진 키"},
         "args": _loud_key(random.Random(4545), 40, 20, 4)},
        {"name": {"en": "scores near 1000", "ko": "1000 근처의 점수"},
         "args": _large_scores(rng, 1000, 30, 5),
         "float32_scale": 1004},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "random, 300 tokens, d=8, dv=4, window 16",
                  "ko": "무작위, 토큰 300개, d=8, dv=4, 윈도 16"},
         "args": _random(rng, 300, 8, 4, 16)},
        {"name": {"en": "random, 1000 tokens, d=4, dv=2, window 37",
                  "ko": "무작위, 토큰 1000개, d=4, dv=2, 윈도 37"},
         "args": _random(rng, 1000, 4, 2, 37)},
        {"name": {"en": "a long sequence: 16384 tokens, window 48",
                  "ko": "긴 시퀀스: 토큰 16384개, 윈도 48"},
         "args": [_small_ints(rng, 16384, 2), _small_ints(rng, 16384, 2),
                  _small_ints(rng, 16384, 1), 48]},
    ]
