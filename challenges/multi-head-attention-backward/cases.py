"""Cases for multi_head_attention_backward(X, Wq, Wk, Wv, Wo, num_heads, dOut): public
examples first, then hidden edge and random cases."""

import random


def _matrix(rng, rows, cols, scale=1.0):
    return [[round(rng.gauss(0.0, scale), 4) for _ in range(cols)] for _ in range(rows)]


def _random(rng, n, d_model, D, Dv, d_out, heads, scale=0.5):
    """Weights of standard deviation `scale`, so that scores stay moderate."""
    return [_matrix(rng, n, d_model), _matrix(rng, d_model, D, scale),
            _matrix(rng, d_model, D, scale), _matrix(rng, d_model, Dv, scale),
            _matrix(rng, Dv, d_out, scale), heads, _matrix(rng, n, d_out)]


def _case(en, ko, args, **extra):
    return {"name": {"en": en, "ko": ko}, "args": args, **extra}


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(1729)
    eye = [[1, 0], [0, 1]]
    return [
        _case("one head, identity projections, two tokens",
              "헤드 하나, 항등 투영, 토큰 두 개",
              [[[1, 0], [0, 2]], eye, eye, eye, eye, 1, [[1, 0], [0, 1]]], public=True),
        _case("two heads of width 1, three tokens", "폭 1인 헤드 두 개, 토큰 세 개",
              [[[1, 0], [0, 1], [1, 1]], eye, eye, [[1, 2], [0, 1]], [[1], [-1]], 2,
               [[1], [0], [2]]], public=True),
        _case("a single token, two heads", "토큰 하나, 헤드 두 개",
              _random(rng, 1, 4, 4, 4, 3, 2)),
        _case("upstream gradient of zeros", "0으로만 된 상류 기울기",
              [*_random(rng, 3, 4, 4, 4, 4, 2)[:6], [[0.0] * 4] * 3]),
        _case("one head, four tokens", "헤드 하나, 토큰 네 개", _random(rng, 4, 4, 4, 4, 4, 1)),
        _case("two heads, square output projection", "헤드 두 개, 정사각형 출력 투영",
              _random(rng, 4, 6, 4, 4, 4, 2)),
        _case("three heads on width 9", "폭 9에 헤드 세 개", _random(rng, 5, 6, 9, 9, 9, 3)),
        _case("four heads of width 1", "폭 1인 헤드 네 개", _random(rng, 4, 4, 4, 4, 4, 4)),
        _case("D different from d_model", "d_model과 다른 D", _random(rng, 5, 3, 6, 6, 6, 2)),
        _case("value width different from query width (D=4, Dv=6)",
              "쿼리 폭과 다른 밸류 폭 (D=4, Dv=6)", _random(rng, 4, 5, 4, 6, 6, 2)),
        _case("non-square output projection (Dv=4, d_out=3)",
              "정사각형이 아닌 출력 투영 (Dv=4, d_out=3)", _random(rng, 4, 4, 4, 4, 3, 2)),
        _case("12 tokens, two heads of width 4", "토큰 12개, 폭 4인 헤드 두 개",
              _random(rng, 12, 8, 8, 8, 8, 2)),
        _case("larger weights: scaled scores in the tens", "큰 가중치: 수십 단위의 스케일된 점수",
              _random(rng, 4, 4, 4, 4, 4, 2, scale=2.0)),
    ]
