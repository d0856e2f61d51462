"""Test cases for rms_norm_backward(x, weight, dy, eps=1e-6): public examples first, then hidden
edge and random cases. `eps`, when given, is a keyword."""

import random


def _matrix(rng, rows, cols, scale=1.0, shift=0.0):
    return [[round(shift + rng.gauss(0.0, scale), 4) for _ in range(cols)] for _ in range(rows)]


def _weight(rng, d):
    return [round(1 + rng.gauss(0.0, 0.3), 4) for _ in range(d)]


def _random(rng, n, d, scale=1.0, shift=0.0):
    return [_matrix(rng, n, d, scale, shift), _weight(rng, d), _matrix(rng, n, d)]


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(16180339)
    return [
        {"name": {"en": "one row of four, gradient on the first output",
                  "ko": "원소 4개짜리 행 하나, 첫 출력에만 기울기"},
         "args": [[[1, 2, 3, 4]], [1, 1, 1, 1], [[1, 0, 0, 0]]], "public": True},
        {"name": {"en": "two rows, weight per feature", "ko": "행 2개, 특성마다 다른 가중치"},
         "args": [[[3, -4], [1, 1]], [2, 0.5], [[1, 1], [0.5, -1]]], "public": True},
        {"name": {"en": "a single feature per row", "ko": "행마다 특성 하나"},
         "args": [[[3.0], [-0.5], [2.0]], [1.5], [[1.0], [2.0], [-1.0]]]},
        {"name": {"en": "a row of zeros", "ko": "0으로만 된 행"},
         "args": [[[0, 0, 0, 0], [1, -1, 2, 0]], [1, 2, 3, 4], [[1, -1, 0.5, 2], [0.5, 0, 1, -1]]]},
        {"name": {"en": "a constant row", "ko": "모든 원소가 같은 행"},
         "args": [[[2.5, 2.5, 2.5]], [1.0, -1.0, 0.5], [[1.0, 0.5, -2.0]]]},
        {"name": {"en": "a single row", "ko": "행 하나"}, "args": _random(rng, 1, 6)},
        {"name": {"en": "tiny rows (mean square close to eps)",
                  "ko": "아주 작은 행 (제곱 평균이 eps에 가까움)"},
         "args": _random(rng, 3, 8, scale=0.001)},
        {"name": {"en": "a larger eps given", "ko": "더 큰 eps를 준 경우"},
         "args": _random(rng, 3, 4, scale=0.3), "kwargs": {"eps": 0.01}},
        {"name": {"en": "rows far from zero (large mean)", "ko": "0에서 멀리 떨어진 행 (큰 평균)"},
         "args": _random(rng, 3, 5, shift=10.0)},
        {"name": {"en": "large entries", "ko": "큰 원소"},
         "args": _random(rng, 3, 6, scale=1000.0)},
        {"name": {"en": "random, 4 rows of 6", "ko": "무작위, 특성 6개짜리 행 4개"},
         "args": _random(rng, 4, 6)},
        {"name": {"en": "more rows than features", "ko": "특성보다 행이 많은 경우"},
         "args": _random(rng, 8, 3)},
        {"name": {"en": "negative weights", "ko": "음수 가중치"},
         "args": [_matrix(rng, 2, 4), [-1.0, 0.5, -2.0, 1.0], _matrix(rng, 2, 4)]},
        {"name": {"en": "rows of 1000 features", "ko": "특성 1000개짜리 행"},
         "args": _random(rng, 2, 1000, scale=0.5, shift=0.2)},
        {"name": {"en": "a batch of 200 rows of width 16", "ko": "폭 16인 행 200개의 배치"},
         "args": _random(rng, 200, 16)},
    ]
