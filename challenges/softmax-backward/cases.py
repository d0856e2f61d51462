"""Test cases for softmax_backward(x, dy): public examples first, then hidden edge and random
cases."""

import random


def _row(rng, n, scale=1.0, shift=0.0):
    return [round(shift + rng.gauss(0.0, scale), 4) for _ in range(n)]


def _dyadic(rng, n, center, spread):
    """Logits center + k / 64 with small integers k: exact in float32 even near 10000, so that
    float32 solutions see exactly these numbers."""
    return [center + rng.randint(-spread, spread) / 64 for _ in range(n)]


def cases():
    """Return every case; random rows come from a fixed seed, so the list never changes."""
    rng = random.Random(20261206)
    spread = [_row(rng, 10, scale=2.0), _row(rng, 10)]
    return [
        {"name": {"en": "three logits, gradient on the first output",
                  "ko": "로짓 세 개, 첫 출력에만 기울기"},
         "args": [[1.0, 2.0, 3.0], [1.0, 0.0, 0.0]], "public": True},
        {"name": {"en": "two equal logits", "ko": "같은 로짓 두 개"},
         "args": [[0.0, 0.0], [1.0, -1.0]], "public": True},
        {"name": {"en": "a single logit", "ko": "로짓 하나"}, "args": [[2.5], [3.0]]},
        {"name": {"en": "the same gradient on every output", "ko": "모든 출력에 같은 기울기"},
         "args": [_row(rng, 6), [0.75] * 6]},
        {"name": {"en": "equal logits, random gradient", "ko": "모두 같은 로짓, 무작위 기울기"},
         "args": [[1.5] * 5, _row(rng, 5)]},
        {"name": {"en": "gradient on the largest logit only",
                  "ko": "가장 큰 로짓의 출력에만 기울기"},
         "args": [[0.5, 3.0, -1.0, 1.0], [0.0, 1.0, 0.0, 0.0]]},
        {"name": {"en": "logits near 1000", "ko": "1000 근처의 로짓"},
         "args": [_dyadic(rng, 6, 1000.0, 128), _row(rng, 6)],
         "float32_scale": 1002},
        {"name": {"en": "logits near -1000", "ko": "-1000 근처의 로짓"},
         "args": [_dyadic(rng, 6, -1000.0, 128), _row(rng, 6)],
         "float32_scale": 1002},
        {"name": {"en": "logits near 10000", "ko": "10000 근처의 로짓"},
         "args": [_dyadic(rng, 5, 10000.0, 128), _row(rng, 5)],
         "float32_scale": 10002},
        {"name": {"en": "logits far apart (some outputs nearly 0)",
                  "ko": "멀리 떨어진 로짓(거의 0인 출력이 있음)"},
         "args": [[0.0, 30.0, -40.0, 29.0, 5.0], _row(rng, 5)]},
        {"name": {"en": "negative logits", "ko": "음수 로짓"},
         "args": [_row(rng, 7, shift=-4.0), _row(rng, 7)]},
        {"name": {"en": "a large upstream gradient", "ko": "큰 상류 기울기"},
         "args": [_row(rng, 8), _row(rng, 8, scale=100.0)]},
        {"name": {"en": "random, 10 logits", "ko": "무작위, 로짓 10개"}, "args": spread},
        {"name": {"en": "the same logits plus 4", "ko": "같은 로짓에 4를 더한 경우"},
         "args": [[v + 4 for v in spread[0]], spread[1]],
         "checks": [{"kind": "equal_to", "case": "random, 10 logits", "message": {
             "en": "adding a constant to every logit leaves the softmax, and so its gradient, "
                   "unchanged",
             "ko": "모든 로짓에 같은 상수를 더해도 소프트맥스가, 따라서 그 기울기도 바뀌지 "
                   "않아야 합니다"}}]},
        {"name": {"en": "random, 50 logits", "ko": "무작위, 로짓 50개"},
         "args": [_row(rng, 50), _row(rng, 50)]},
        {"name": {"en": "long row of 1000 logits", "ko": "로짓 1000개의 긴 행"},
         "args": [_row(rng, 1000, scale=3.0), _row(rng, 1000)]},
    ]
