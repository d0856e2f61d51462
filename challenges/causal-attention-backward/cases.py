"""Cases for causal_attention_backward(Q, K, V, dO): public examples first, then hidden edge
and random cases. Queries and keys are the same tokens, so n == m everywhere."""

import random


def _matrix(rng, rows, cols):
    return [[round(rng.gauss(0.0, 1.0), 4) for _ in range(cols)] for _ in range(rows)]


def _random(rng, n, d, dv):
    return [_matrix(rng, n, d), _matrix(rng, n, d), _matrix(rng, n, dv), _matrix(rng, n, dv)]


def _future_far_above(rng):
    """Five tokens of width 9 where every key after a query scores 1000 above what it sees.

    Query i has a 1 in column i; key j has 3000 in columns 0..j-1, so that column adds
    3000 / sqrt(9) = 1000 to the scaled score of query i for key j exactly when i < j. The
    last four columns are random and give the visible keys moderate scores.
    """
    Q = [[float(c == i) for c in range(5)] + [round(rng.gauss(0.0, 1.0), 4) for _ in range(4)]
         for i in range(5)]
    K = [[3000.0 if c < j else 0.0 for c in range(5)] + [round(rng.gauss(0.0, 1.0), 4)
                                                        for _ in range(4)]
         for j in range(5)]
    return [Q, K, _matrix(rng, 5, 2), _matrix(rng, 5, 2)]


def _large_scores(rng, base):
    """Width-4 integer tokens whose scaled scores sit within a few units of `base`."""
    Q = [[1, 1, 1, 1], [1, 2, 0, 1], [2, 0, 1, 1], [0, 1, 1, 2]]
    K = [[base // 2 + rng.randint(-2, 2) for _ in range(4)] for _ in range(4)]
    return [Q, K, _matrix(rng, 4, 3), _matrix(rng, 4, 3)]


# Float32 rounds a score near 1000 by about 6e-5, and a softmax written as exp(s - logsumexp(s))
# then gives weights whose sum is off by as much; dQ = dS K multiplies that by keys whose common
# part (about 500 in these cases) cancels only in exact arithmetic. Honest float32 code is off
# by about 1e-2 in dQ on these cases.
_NEAR_1000 = {"rtol": 2e-2, "atol": 2e-2}


def _case(en, ko, args, **extra):
    return {"name": {"en": en, "ko": ko}, "args": args, **extra}


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(60528)
    lesson = [[1, 0], [0, 1], [1, 1]]
    return [
        _case("zero queries: two tokens", "0인 쿼리: 토큰 두 개",
              [[[0, 0], [0, 0]], [[1, 2], [3, 4]], [[1], [3]], [[1], [1]]], public=True),
        _case("lesson example: three tokens of width 2", "레슨 예시: 폭 2인 토큰 세 개",
              [lesson, lesson, [[10, 0], [0, 10], [5, 5]], [[1, 0], [0, 1], [1, -1]]],
              public=True),
        _case("a single token", "토큰 하나",
              [[[0.5, -1.0, 2.0]], [[2.0, 1.0, -0.5]], [[3.0, -4.0]], [[1.0, 2.0]]]),
        _case("upstream gradient of zeros", "0으로만 된 상류 기울기",
              [*_random(rng, 3, 2, 2)[:3], [[0.0, 0.0]] * 3]),
        _case("equal scores (queries of zeros)", "같은 점수(0으로만 된 쿼리)",
              [[[0.0, 0.0, 0.0]] * 4, *_random(rng, 4, 3, 2)[1:]]),
        _case("random, 3 tokens, d=4, dv=2", "무작위, 토큰 3개, d=4, dv=2",
              _random(rng, 3, 4, 2)),
        _case("random, 5 tokens, d=2, dv=3", "무작위, 토큰 5개, d=2, dv=3",
              _random(rng, 5, 2, 3)),
        _case("random, 6 tokens, d=16, dv=8", "무작위, 토큰 6개, d=16, dv=8",
              _random(rng, 6, 16, 8)),
        _case("random, 8 tokens, d=64, dv=1", "무작위, 토큰 8개, d=64, dv=1",
              _random(rng, 8, 64, 1)),
        _case("40 tokens", "토큰 40개", _random(rng, 40, 4, 2)),
        _case("future keys score far above the visible ones",
              "미래의 키가 보이는 키보다 훨씬 높은 점수를 받음",
              _future_far_above(rng)),
        _case("scores near 1000", "1000 근처의 점수", _large_scores(rng, 1000),
              **_NEAR_1000),
        _case("scores near -1000", "-1000 근처의 점수", _large_scores(rng, -1000),
              **_NEAR_1000),
    ]
