"""Test cases for layer_norm_backward(x, gamma, beta, dy, eps=1e-5): public examples first, then
hidden edge and random cases. `eps`, when given, is a keyword."""

import random


def _matrix(rng, rows, cols, scale=1.0, shift=0.0):
    return [[round(shift + rng.gauss(0.0, scale), 4) for _ in range(cols)] for _ in range(rows)]


def _affine(rng, d):
    """A random gamma around 1 and beta around 0."""
    return [round(1 + rng.gauss(0.0, 0.3), 4) for _ in range(d)], _matrix(rng, 1, d, 0.5)[0]


def _random(rng, n, d, scale=1.0, shift=0.0):
    return [_matrix(rng, n, d, scale, shift), *_affine(rng, d), _matrix(rng, n, d)]


def _dyadic(rng, n, d, center, step, spread):
    """Rows of center + k * step with small integers k: exact in float32 when step is a power
    of two, so that float32 solutions see exactly these numbers."""
    return [[center + rng.randint(-spread, spread) * step for _ in range(d)] for _ in range(n)]


def _near(rng, n, d, center, step, spread):
    """Dyadic rows with a random gamma, beta and upstream gradient."""
    return [_dyadic(rng, n, d, center, step, spread), *_affine(rng, d), _matrix(rng, n, d)]


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(31415926)
    return [
        {
            "name": {"en": "one row of four, gradient on the first output",
                     "ko": "특성 4개짜리 행 하나, 첫 출력에만 기울기"},
            "args": [[[1, 2, 3, 4]], [1, 1, 1, 1], [0, 0, 0, 0], [[1, 0, 0, 0]]],
            "public": True,
        },
        {
            "name": {"en": "two rows, gamma and beta per feature",
                     "ko": "행 두 개, 특성마다 다른 gamma와 beta"},
            "args": [[[1, 0, -1], [3, 5, 4]], [1, 2, 0.5], [0, 1, -1],
                     [[0.5, -1, 2], [1, 1, -0.5]]],
            "public": True,
        },
        {"name": {"en": "a single row", "ko": "행 하나"}, "args": _random(rng, 1, 5)},
        {
            "name": {"en": "rows of one feature", "ko": "특성 하나짜리 행"},
            "args": [[[3.0], [-1.5], [0.0]], [2.0], [0.25], [[1.0], [-2.0], [0.5]]],
        },
        {
            "name": {"en": "a constant row", "ko": "모든 값이 같은 행"},
            "args": [[[2, 2, 2, 2], [1, 2, 3, 5]], [1.5, 0.5, -1, 2], [0.5, 0, 0, -0.5],
                     [[1, -0.5, 0.25, 2], [0.5, 1, -1, 0]]],
        },
        {
            "name": {"en": "the same gradient on every output, gamma of ones",
                     "ko": "모든 출력에 같은 기울기, 모두 1인 gamma"},
            "args": [_matrix(rng, 3, 5), [1.0] * 5, [0.0] * 5, [[0.75] * 5] * 3],
        },
        {
            "name": {"en": "nearly constant rows (variance far below eps)",
                     "ko": "거의 일정한 행(분산이 eps보다 훨씬 작음)"},
            "args": _near(rng, 3, 8, 5.0, 2 ** -10, 3),
        },
        {
            "name": {"en": "variance close to eps", "ko": "eps에 가까운 분산"},
            "args": _near(rng, 3, 8, -1.0, 2 ** -8, 1),
        },
        {
            "name": {"en": "a larger eps given", "ko": "더 큰 eps를 준 경우"},
            "args": _random(rng, 3, 4),
            "kwargs": {"eps": 0.1},
        },
        {
            "name": {"en": "rows far from zero", "ko": "0에서 멀리 떨어진 행"},
            "args": _near(rng, 3, 8, 1000.0, 2 ** -6, 64),
        },
        {"name": {"en": "random, 5 rows of 6", "ko": "무작위, 특성 6개짜리 행 5개"},
         "args": _random(rng, 5, 6)},
        {"name": {"en": "more rows than features", "ko": "특성보다 많은 행"},
         "args": _random(rng, 8, 3)},
        {"name": {"en": "square input (4 x 4)", "ko": "정사각 입력(4 x 4)"},
         "args": _random(rng, 4, 4, scale=3.0)},
        {
            "name": {"en": "negative gamma", "ko": "음수 gamma"},
            "args": [_matrix(rng, 3, 5), [-1.0, 2.0, -0.5, 1.0, -3.0], [0.0, 0.5, -0.5, 1.0, 0.0],
                     _matrix(rng, 3, 5)],
        },
        {"name": {"en": "rows of 1000 features", "ko": "특성 1000개짜리 행"},
         "args": _random(rng, 2, 1000, scale=2.0, shift=1.0)},
        {"name": {"en": "a batch of 200 rows of width 16", "ko": "폭 16인 행 200개로 된 배치"},
         "args": _random(rng, 200, 16)},
    ]
