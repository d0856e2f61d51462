"""Test cases for rms_norm(x, weight, eps=1e-6): public examples first, then hidden edge and
random cases. `eps`, when given, is a keyword."""

import random


def _matrix(rng, rows, cols, scale=1.0, shift=0.0):
    return [[round(shift + rng.gauss(0.0, scale), 4) for _ in range(cols)] for _ in range(rows)]


def _weight(rng, d):
    return [round(1 + rng.gauss(0.0, 0.3), 4) for _ in range(d)]


def _random(rng, n, d, scale=1.0, shift=0.0):
    return [_matrix(rng, n, d, scale, shift), _weight(rng, d)]


def _half_exact(rng, rows, cols, scale=1.0):
    """Entries k/16 (times `scale`, a power of two) with |k| < 256: eight significant bits at
    most, exact in bfloat16 (and so in float16 and float32)."""
    return [[scale * max(-255, min(255, round(rng.gauss(0.0, 16.0)))) / 16
             for _ in range(cols)] for _ in range(rows)]


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(5772156)
    base = _random(rng, 4, 6)
    return [
        {"name": {"en": "one row of four, weight of ones",
                  "ko": "원소 4개짜리 행 하나, 가중치는 모두 1"},
         "args": [[[1, 2, 3, 4]], [1, 1, 1, 1]], "public": True},
        {"name": {"en": "two rows, weight per feature", "ko": "행 2개, 특성마다 다른 가중치"},
         "args": [[[3, -4], [1, 1]], [2, 0.5]], "public": True},
        {"name": {"en": "a single feature per row", "ko": "행마다 특성 하나"},
         "args": [[[3.0], [-0.5], [2.0]], [1.5]]},
        {"name": {"en": "a row of zeros", "ko": "0으로만 된 행"},
         "args": [[[0, 0, 0, 0], [1, -1, 2, 0]], [1, 2, 3, 4]]},
        {"name": {"en": "a constant row", "ko": "모든 원소가 같은 행"},
         "args": [[[2.5, 2.5, 2.5]], [1.0, -1.0, 0.5]]},
        {"name": {"en": "rows far from zero (large mean)", "ko": "0에서 멀리 떨어진 행 (큰 평균)"},
         "args": _random(rng, 3, 5, scale=1.0, shift=10.0)},
        {"name": {"en": "tiny rows (mean square close to eps)",
                  "ko": "아주 작은 행 (제곱 평균이 eps에 가까움)"},
         "args": _random(rng, 3, 8, scale=0.001)},
        {"name": {"en": "a larger eps given", "ko": "더 큰 eps를 준 경우"},
         "args": _random(rng, 3, 4, scale=0.3), "kwargs": {"eps": 0.01}},
        {"name": {"en": "large entries",
                  "ko": "큰 원소"}, "args": _random(rng, 3, 6, scale=1000.0)},
        {"name": {"en": "random, 4 rows of 6", "ko": "무작위, 특성 6개짜리 행 4개"}, "args": base},
        {
            "name": {"en": "the same rows doubled", "ko": "같은 행을 두 배로"},
            "args": [[[2 * v for v in row] for row in base[0]], base[1]],
            "checks": [{"kind": "equal_to", "case": "random, 4 rows of 6", "message": {
                "en": "scaling a row must not change its normalised output",
                "ko": "행의 크기를 바꿔도 정규화된 출력은 바뀌면 안 됩니다"}}],
        },
        {"name": {"en": "more rows than features", "ko": "특성보다 행이 많은 경우"},
         "args": _random(rng, 8, 3)},
        {"name": {"en": "square input (5 x 5)", "ko": "정사각 입력 (5 x 5)"},
         "args": _random(rng, 5, 5, scale=2.0)},
        {"name": {"en": "negative weights", "ko": "음수 가중치"},
         "args": [_matrix(rng, 2, 4), [-1.0, 0.5, -2.0, 1.0]]},
        {"name": {"en": "rows of 1000 features", "ko": "특성 1000개짜리 행"},
         "args": _random(rng, 2, 1000, scale=0.5, shift=0.2)},
        {"name": {"en": "a batch of 200 rows of width 16", "ko": "폭 16인 행 200개의 배치"},
         "args": _random(rng, 200, 16)},
        {"name": {"en": "entries exact in float16 and bfloat16",
                  "ko": "float16과 bfloat16으로 정확히 표현되는 원소"},
         "args": [_half_exact(rng, 4, 8), _weight(rng, 8)], "tier": "numerics"},
        # Squares of entries above 256 overflow float16 (largest 65504): half precision
        # divides these rows by infinity.
        {"name": {"en": "entries in the hundreds, exact in bfloat16",
                  "ko": "bfloat16으로 정확히 표현되는 수백 단위의 원소"},
         "args": [_half_exact(rng, 3, 8, scale=256.0), _weight(rng, 8)], "tier": "numerics"},
        {"name": {"en": "rows of 4096 features", "ko": "특성 4096개짜리 행"},
         "args": _random(rng, 2, 4096), "tier": "numerics"},
    ]
