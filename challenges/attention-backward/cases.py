"""Cases for attention_backward(Q, K, V, dO): public examples first, then hidden edge and
random cases. Most hidden cases are square (n == m), where a missing transpose still gives a
result of the right shape."""

import random


def _matrix(rng, rows, cols):
    return [[round(rng.gauss(0.0, 1.0), 4) for _ in range(cols)] for _ in range(rows)]


def _random(rng, n, m, d, dv):
    return [_matrix(rng, n, d), _matrix(rng, m, d), _matrix(rng, m, dv), _matrix(rng, n, dv)]


def _large_scores(rng, base):
    """Width-4 integer queries and keys whose scaled scores sit within a few units of `base`.

    Every query sums to 4 and every key entry is base/2 plus a small integer, so the score is
    base + (q . delta) / 2: the weights are neither uniform nor one-hot. Exact in float32.
    """
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
    rng = random.Random(20260528)
    lesson = [[1, 0], [0, 1], [1, 1]]
    return [
        _case("zero queries: uniform weights over three keys",
              "0인 쿼리: 키 세 개에 고른 가중치",
              [[[0, 0], [0, 0]], [[1, 2], [3, 4], [5, 6]], [[1], [2], [3]], [[1], [1]]],
              public=True),
        _case("lesson example: three tokens of width 2", "레슨 예시: 폭 2인 토큰 세 개",
              [lesson, lesson, [[10, 0], [0, 10], [5, 5]], [[1, 0], [0, 1], [1, -1]]],
              public=True),
        _case("a single token", "토큰 하나",
              [[[0.5, -1.0, 2.0]], [[2.0, 1.0, -0.5]], [[3.0, -4.0]], [[1.0, 2.0]]]),
        _case("upstream gradient of zeros", "0으로만 된 상류 기울기",
              [*_random(rng, 3, 3, 2, 2)[:3], [[0.0, 0.0]] * 3]),
        _case("equal scores (queries of zeros)", "같은 점수(0으로만 된 쿼리)",
              [[[0.0, 0.0, 0.0]] * 4, *_random(rng, 4, 4, 3, 2)[1:]]),
        _case("random, 3 tokens, d=4, dv=2", "무작위, 토큰 3개, d=4, dv=2",
              _random(rng, 3, 3, 4, 2)),
        _case("random, 4 tokens, d=4, dv=4", "무작위, 토큰 4개, d=4, dv=4",
              _random(rng, 4, 4, 4, 4)),
        _case("random, 5 tokens, d=2, dv=3", "무작위, 토큰 5개, d=2, dv=3",
              _random(rng, 5, 5, 2, 3)),
        _case("random, 6 tokens, d=16, dv=8", "무작위, 토큰 6개, d=16, dv=8",
              _random(rng, 6, 6, 16, 8)),
        _case("random, 8 tokens, d=64, dv=4", "무작위, 토큰 8개, d=64, dv=4",
              _random(rng, 8, 8, 64, 4)),
        _case("more keys than queries (n=2, m=5)", "쿼리보다 많은 키(n=2, m=5)",
              _random(rng, 2, 5, 3, 2)),
        _case("more queries than keys (n=6, m=3)", "키보다 많은 쿼리(n=6, m=3)",
              _random(rng, 6, 3, 4, 3)),
        _case("values narrower than keys (d=8, dv=1)", "키보다 좁은 밸류(d=8, dv=1)",
              _random(rng, 4, 3, 8, 1)),
        _case("two queries over 200 keys", "키 200개를 보는 쿼리 두 개",
              _random(rng, 2, 200, 4, 2)),
        _case("scores near 1000", "1000 근처의 점수", _large_scores(rng, 1000),
              **_NEAR_1000),
        _case("scores near -1000", "-1000 근처의 점수", _large_scores(rng, -1000),
              **_NEAR_1000),
    ]
