"""Test cases for cross_entropy_backward(logits, targets): public examples first, then hidden
edge and random cases."""

import random


def _logits(rng, batch, classes, scale=1.0, shift=0.0):
    return [[round(shift + rng.gauss(0.0, scale), 4) for _ in range(classes)]
            for _ in range(batch)]


def _dyadic(rng, batch, classes, center):
    """Logits center + k / 64 with small integers k: exact in float32 even near 10000, so that
    float32 solutions see exactly these numbers."""
    return [[center + rng.randint(-128, 128) / 64 for _ in range(classes)] for _ in range(batch)]


def _targets(rng, batch, classes):
    return [rng.randrange(classes) for _ in range(batch)]


def _random(rng, batch, classes, **spread):
    return [_logits(rng, batch, classes, **spread), _targets(rng, batch, classes)]


def cases():
    """Return every case; random logits come from a fixed seed, so the list never changes."""
    rng = random.Random(27182818)
    confident = _logits(rng, 4, 5)
    for row, target in zip(confident, [1, 3, 0, 4], strict=True):
        row[target] = 8.0
    square = _random(rng, 5, 5, scale=2.0)
    shifted = [[v + shift for v in row] for row, shift in zip(square[0], [3, -2, 0.5, 6, -7],
                                                                   strict=True)]
    return [
        {"name": {"en": "two examples of three classes", "ko": "클래스 3개짜리 예제 두 개"},
         "args": [[[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]], [2, 0]], "public": True},
        {"name": {"en": "a batch of one, two classes", "ko": "예제 하나짜리 배치, 클래스 2개"},
         "args": [[[0.0, 0.0]], [1]], "public": True},
        {"name": {"en": "a single class", "ko": "클래스 하나"},
         "args": [[[1.5], [-2.0], [0.25]], [0, 0, 0]]},
        {"name": {"en": "a batch of one, random", "ko": "예제 하나짜리 배치, 무작위"},
         "args": _random(rng, 1, 6)},
        {"name": {"en": "equal logits in every row", "ko": "모든 행의 로짓이 같음"},
         "args": [[[0.5] * 4, [-1.0] * 4, [2.0] * 4], [0, 3, 1]]},
        {"name": {"en": "confident and right (target logit far above)",
                  "ko": "정답 로짓이 훨씬 큰 확신 있는 예측"},
         "args": [confident, [1, 3, 0, 4]]},
        {"name": {"en": "the same target for every example", "ko": "모든 예제의 정답이 같음"},
         "args": [_logits(rng, 5, 4), [2] * 5]},
        {"name": {"en": "logits near 1000", "ko": "1000 근처의 로짓"},
         "args": [_dyadic(rng, 3, 5, 1000.0), _targets(rng, 3, 5)],
         "float32_scale": 1002},
        {"name": {"en": "logits near -1000", "ko": "-1000 근처의 로짓"},
         "args": [_dyadic(rng, 3, 5, -1000.0), _targets(rng, 3, 5)],
         "float32_scale": 1002},
        {"name": {"en": "logits near 10000", "ko": "10000 근처의 로짓"},
         "args": [_dyadic(rng, 2, 4, 10000.0), _targets(rng, 2, 4)],
         "float32_scale": 10002},
        {"name": {"en": "square batch (5 examples, 5 classes)",
                  "ko": "정사각 배치(예제 5개, 클래스 5개)"},
         "args": square},
        {"name": {"en": "the square batch, each row shifted by a constant",
                  "ko": "정사각 배치의 각 행에 상수를 더한 경우"},
         "args": [shifted, square[1]],
         "checks": [{"kind": "equal_to", "case": "square batch (5 examples, 5 classes)",
                     "message": {
                         "en": "adding a constant to one example's logits leaves its softmax, "
                               "and so the gradient, unchanged",
                         "ko": "한 예제의 로짓에 같은 상수를 더해도 그 소프트맥스가, 따라서 "
                               "기울기도 바뀌지 않아야 합니다"}}]},
        {"name": {"en": "more examples than classes", "ko": "클래스보다 많은 예제"},
         "args": _random(rng, 9, 3)},
        {"name": {"en": "more classes than examples", "ko": "예제보다 많은 클래스"},
         "args": _random(rng, 3, 12)},
        {"name": {"en": "1000 classes", "ko": "클래스 1000개"},
         "args": _random(rng, 2, 1000, scale=2.0)},
        {"name": {"en": "a batch of 200 examples of 10 classes",
                  "ko": "클래스 10개짜리 예제 200개로 된 배치"},
         "args": _random(rng, 200, 10)},
    ]
