"""Cases for rope_backward(X, positions, dY, base=10000.0): public examples first, then hidden
edge and random cases. Every width d is even; `base`, when given, is a keyword."""

import random


def _matrix(rng, rows, cols, scale=1.0):
    return [[round(rng.gauss(0.0, scale), 4) for _ in range(cols)] for _ in range(rows)]


def _random(rng, positions, d, scale=1.0):
    return [_matrix(rng, len(positions), d), positions, _matrix(rng, len(positions), d, scale)]


def _case(en, ko, args, **extra):
    return {"name": {"en": en, "ko": ko}, "args": args, **extra}


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(31415)
    return [
        _case("the gradient (1, 0) at positions 0, 1, 2 (d=2)",
              "위치 0, 1, 2의 기울기 (1, 0) (d=2)",
              [[[0.5, 0.5], [2, -1], [0, 3]], [0, 1, 2], [[1, 0], [1, 0], [1, 0]]],
              public=True),
        _case("one row of width 4 at position 3", "위치 3에 있는 폭 4인 행 하나",
              [[[1, 1, 1, 1]], [3], [[1, 2, 3, 4]]], public=True),
        _case("a single row at position 0", "위치 0의 행 하나", _random(rng, [0], 6)),
        _case("positions 0 to 4 (d=2)", "위치 0부터 4까지 (d=2)",
              _random(rng, [0, 1, 2, 3, 4], 2)),
        _case("positions starting at 10 (d=8)", "10부터 시작하는 위치 (d=8)",
              _random(rng, [10, 11, 12, 13, 14, 15], 8),
              checks=[{"kind": "row_norms_equal_to_arg", "arg": 2,
                       "message": {"en": "a rotation back must keep the length of every "
                                         "gradient row",
                                   "ko": "거꾸로 돌려도 기울기의 각 행의 길이는 그대로여야 "
                                         "합니다"}}]),
        _case("positions out of order and repeated", "순서가 섞이고 반복되는 위치",
              _random(rng, [7, 3, 3, 0, 12], 6)),
        _case("base 100", "base가 100인 경우", _random(rng, [0, 1, 2, 3, 4], 8),
              kwargs={"base": 100.0}),
        _case("base 500000", "base가 500000인 경우", _random(rng, list(range(2, 9)), 16),
              kwargs={"base": 500000.0}),
        _case("base given as an integer", "base를 정수로 준 경우",
              _random(rng, [1, 2, 3, 4], 6), kwargs={"base": 1000}),
        _case("d=64, eight positions", "d=64, 위치 8개", _random(rng, list(range(8)), 64)),
        _case("rows of 1000 features", "폭 1000인 행", _random(rng, [0, 5, 9], 1000)),
        _case("a sequence of 1000 positions, d=4", "위치 1000개짜리 시퀀스, d=4",
              _random(rng, list(range(1000)), 4)),
        _case("positions up to 5000, d=2", "5000까지의 위치, d=2",
              _random(rng, [4096, 4999, 5000, 1234], 2)),
        _case("gradient entries in the hundreds", "수백 단위의 기울기 원소",
              _random(rng, [0, 1, 2, 3, 4, 5], 10, scale=300.0)),
    ]
