"""Test cases for layer_norm(x, gamma, beta, eps=1e-5): public examples first, then hidden edge
and random cases. `eps`, when given, is a keyword."""

import random


def _matrix(rng, rows, cols, scale=1.0, shift=0.0):
    return [[round(shift + rng.gauss(0.0, scale), 4) for _ in range(cols)] for _ in range(rows)]


def _affine(rng, d):
    """A random gamma around 1 and beta around 0."""
    return [round(1 + rng.gauss(0.0, 0.3), 4) for _ in range(d)], _matrix(rng, 1, d, 0.5)[0]


def _random(rng, n, d, scale=1.0, shift=0.0):
    return [_matrix(rng, n, d, scale, shift), *_affine(rng, d)]


def _dyadic(rng, n, d, center, step, spread):
    """Rows of center + k * step with small integers k: exact in float32 when step is a power
    of two, so that float32 solutions see exactly these numbers."""
    return [[center + rng.randint(-spread, spread) * step for _ in range(d)] for _ in range(n)]


def _half_exact(rng, rows, cols, scale=1.0):
    """Entries k/16 (times `scale`, a power of two) with |k| < 256: eight significant bits at
    most, exact in bfloat16 (and so in float16 and float32)."""
    return [[scale * max(-255, min(255, round(rng.gauss(0.0, 16.0)))) / 16
             for _ in range(cols)] for _ in range(rows)]


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(1123581)
    base = _random(rng, 5, 6)
    shifts = [2.5, -3.0, 0.75, 1.5, -0.5]
    rows = [[v + s for v in row] for row, s in zip(base[0], shifts, strict=True)]
    shifted = [rows, base[1], base[2]]
    return [
        {
            "name": {"en": "two rows of four, gamma of ones, beta of zeros",
                     "ko": "특성 4개짜리 행 두 개, 모두 1인 gamma, 모두 0인 beta"},
            "args": [[[1, 2, 3, 4], [2, 2, 2, 6]], [1, 1, 1, 1], [0, 0, 0, 0]],
            "public": True,
        },
        {
            "name": {"en": "gamma and beta act per feature",
                     "ko": "특성마다 따로 작용하는 gamma와 beta"},
            "args": [[[1, 0, -1], [3, 5, 4]], [1, 2, 0.5], [0, 1, -1]],
            "public": True,
        },
        {"name": {"en": "a single row", "ko": "행 하나"}, "args": _random(rng, 1, 5)},
        {
            "name": {"en": "rows of one feature", "ko": "특성 하나짜리 행"},
            "args": [[[3.0], [-1.5], [0.0]], [2.0], [0.25]],
        },
        {
            "name": {"en": "a constant row", "ko": "모든 값이 같은 행"},
            "args": [[[2, 2, 2, 2], [1, 2, 3, 5]], [1, 1, 1, 1], [0.5, 0, 0, -0.5]],
        },
        {
            "name": {"en": "nearly constant rows (variance far below eps)",
                     "ko": "거의 일정한 행(분산이 eps보다 훨씬 작음)"},
            "args": [_dyadic(rng, 3, 8, 5.0, 2 ** -10, 3), *_affine(rng, 8)],
        },
        {
            "name": {"en": "variance close to eps", "ko": "eps에 가까운 분산"},
            "args": [_dyadic(rng, 3, 8, -1.0, 2 ** -8, 1), *_affine(rng, 8)],
        },
        {
            "name": {"en": "a larger eps given", "ko": "더 큰 eps를 준 경우"},
            "args": _random(rng, 3, 4),
            "kwargs": {"eps": 0.1},
        },
        {
            "name": {"en": "a smaller eps given, nearly constant rows",
                     "ko": "더 작은 eps를 준 경우, 거의 일정한 행"},
            "args": [_dyadic(rng, 2, 8, 0.5, 2 ** -10, 3), *_affine(rng, 8)],
            "kwargs": {"eps": 1e-8},
        },
        {
            "name": {"en": "rows far from zero", "ko": "0에서 멀리 떨어진 행"},
            "args": [_dyadic(rng, 3, 8, 1000.0, 2 ** -6, 64), *_affine(rng, 8)],
        },
        {"name": {"en": "random, 5 rows of 6", "ko": "무작위, 특성 6개짜리 행 5개"}, "args": base},
        {
            "name": {"en": "a constant added to each row", "ko": "각 행에 상수를 더한 경우"},
            "args": shifted,
            "checks": [{"kind": "equal_to", "case": "random, 5 rows of 6", "message": {
                "en": "adding a constant to a row must not change its normalised output",
                "ko": "행에 상수를 더해도 정규화된 출력은 바뀌면 안 됩니다"}}],
        },
        {
            "name": {"en": "more rows than features", "ko": "특성보다 많은 행"},
            "args": _random(rng, 8, 3),
        },
        {
            "name": {"en": "square input (4 x 4)", "ko": "정사각 입력(4 x 4)"},
            "args": _random(rng, 4, 4, scale=3.0),
        },
        {
            "name": {"en": "negative gamma", "ko": "음수 gamma"},
            "args": [_matrix(rng, 3, 5), [-1.0, 2.0, -0.5, 1.0, -3.0], [0.0, 0.5, -0.5, 1.0, 0.0]],
        },
        {
            "name": {"en": "rows of 1000 features", "ko": "특성 1000개짜리 행"},
            "args": _random(rng, 2, 1000, scale=2.0, shift=1.0),
        },
        {
            "name": {"en": "a batch of 200 rows of width 16", "ko": "폭 16인 행 200개로 된 배치"},
            "args": _random(rng, 200, 16),
        },
        {
            "name": {"en": "entries exact in float16 and bfloat16",
                     "ko": "float16과 bfloat16으로 정확히 표현되는 원소"},
            "args": [_half_exact(rng, 4, 8), *_affine(rng, 8)], "tier": "numerics",
        },
        {
            "name": {"en": "entries in the hundreds, exact in bfloat16",
                     "ko": "bfloat16으로 정확히 표현되는 수백 단위의 원소"},
            "args": [_half_exact(rng, 3, 8, scale=256.0), *_affine(rng, 8)], "tier": "numerics",
        },
        {
            "name": {"en": "rows of 4096 features", "ko": "특성 4096개짜리 행"},
            "args": _random(rng, 2, 4096), "tier": "numerics",
        },
    ]
