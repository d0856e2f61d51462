"""Test cases for softmax(row): public examples first, then hidden edge and random cases."""

import random


def _normal_row(rng, size, scale, shift=0.0):
    """Normal logits around `shift`, rounded to 1/64 so that float32 holds them exactly.

    float32 cannot store 1000.3 exactly: its error (3e-5) would shift the softmax by more
    than the tolerance even in a correct float32 solution.
    """
    return [shift + round(rng.gauss(0.0, scale) * 64) / 64 for _ in range(size)]


def _half_exact_row(rng, size):
    """Logits k/16 with |k| < 256: eight significant bits at most, exact in bfloat16 (and so
    in float16 and float32)."""
    return [rng.randint(-255, 255) / 16 for _ in range(size)]


def cases():
    """Return every case; random rows come from a fixed seed, so the list never changes."""
    rng = random.Random(20240601)
    return [
        {
            "name": {"en": "three increasing logits", "ko": "증가하는 로짓 세 개"},
            "args": [[1.0, 2.0, 3.0]],
            "public": True,
        },
        {
            "name": {"en": "negative, zero and positive logits", "ko": "음수, 0, 양수 로짓"},
            "args": [[-1.0, 0.0, 2.0, -3.0]],
            "public": True,
        },
        {"name": {"en": "a single logit", "ko": "로짓 하나"}, "args": [[3.7]]},
        {"name": {"en": "two equal logits", "ko": "같은 로짓 두 개"}, "args": [[-0.8, -0.8]]},
        {"name": {"en": "many equal logits", "ko": "같은 로짓 여러 개"}, "args": [[2.5] * 7]},
        {"name": {"en": "integer logits", "ko": "정수 로짓"}, "args": [[0, 1, 2, 3]]},
        {
            "name": {"en": "all logits negative", "ko": "모두 음수인 로짓"},
            "args": [[-3.0, -1.5, -7.0, -0.25]],
        },
        {
            "name": {"en": "logits near 1000", "ko": "1000 근처의 로짓"},
            "args": [[1000.0, 1001.0, 1002.5, 999.25]],
            "float32_scale": 1002.5,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "logits near 10000", "ko": "10000 근처의 로짓"},
            "args": [[9999.0, 9998.5, 10000.0, 9999.25]],
            "float32_scale": 10000,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "logits near -740", "ko": "-740 근처의 로짓"},
            "args": [[-740.0, -741.0, -742.5, -739.5]],
        },
        {
            "name": {"en": "logits near -10000", "ko": "-10000 근처의 로짓"},
            "args": [[-9996.5, -9997.5, -10000.0, -9996.25]],
            "float32_scale": 10000,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "logits spread over several thousand", "ko": "수천에 걸쳐 퍼진 로짓"},
            "args": [[0.0, 1500.0, 3000.0, 2999.0]],
            "float32_scale": 3000,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "two equal logits far above two others",
                     "ko": "다른 둘보다 훨씬 큰 같은 로짓 두 개"},
            # Their mean is 709.5 below the top two: each exp(709.5) fits in a float, their
            # sum does not. Shifting by anything but the maximum is caught here.
            "args": [[1419.0, 1419.0, 0.0, 0.0]],
            "float32_scale": 1419,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "one logit dominates", "ko": "압도적으로 큰 로짓 하나"},
            "args": [[-50.0, 0.0, 40.0, 1.0]],
        },
        {
            "name": {"en": "random logits, 5 entries", "ko": "무작위 로짓, 원소 5개"},
            "args": [_normal_row(rng, 5, 1.0)],
        },
        {
            "name": {"en": "random logits, 17 entries", "ko": "무작위 로짓, 원소 17개"},
            "args": [_normal_row(rng, 17, 2.0)],
        },
        {
            "name": {"en": "random logits, 64 entries", "ko": "무작위 로짓, 원소 64개"},
            "args": [_normal_row(rng, 64, 1.0)],
        },
        {
            "name": {"en": "random logits centred on 1000, 16 entries",
                     "ko": "1000을 중심으로 한 무작위 로짓, 원소 16개"},
            "args": [_normal_row(rng, 16, 1.0, shift=1000.0)],
        },
        {
            "name": {"en": "long row of 1000 random logits", "ko": "무작위 로짓 1000개로 된 긴 행"},
            "args": [_normal_row(rng, 1000, 1.5)],
        },
        {
            "name": {"en": "long row of 1000 logits near 1000",
                     "ko": "1000 근처의 로짓 1000개로 된 긴 행"},
            "args": [_normal_row(rng, 1000, 1.0, shift=1000.0)],
        },
        {
            "name": {"en": "logits exact in float16 and bfloat16",
                     "ko": "float16과 bfloat16으로 정확히 표현되는 로짓"},
            "args": [_half_exact_row(rng, 24)], "tier": "numerics",
        },
        {
            "name": {"en": "logits at both limits, 10000 and -10000",
                     "ko": "양쪽 한계 10000과 -10000의 로짓"},
            "args": [[10000.0, -10000.0, 9999.0, -9999.0, 0.0, 9998.5]], "tier": "numerics",
            "float32_scale": 10000,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "a row of 10000 logits", "ko": "로짓 10000개로 된 행"},
            "args": [_normal_row(rng, 10000, 2.0)], "tier": "numerics",
        },
    ]


