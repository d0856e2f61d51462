"""Test cases for tiled_attention(Q, K, V, block_size): public examples first, then hidden
edge, random and long cases.

One sequence is given with several block sizes; the checks ask for the same output from each,
since the tiling must not change the answer. The long case (8192 tokens) is there for the
memory limit: its full score matrix would take 256 MiB in float32, four times the box's 64 MiB,
while a tiled solution needs a few MiB beyond its inputs.
"""

import random


def _matrix(rng, rows, cols, scale=1.0):
    return [[round(rng.gauss(0.0, scale), 4) for _ in range(cols)] for _ in range(rows)]


def _small_ints(rng, rows, cols):
    """Integers from -2 to 2: a long sequence stays small as JSON and exact in float32."""
    return [[rng.randint(-2, 2) for _ in range(cols)] for _ in range(rows)]


def _random(rng, n, d, dv, block_size):
    return [_matrix(rng, n, d), _matrix(rng, n, d), _matrix(rng, n, dv), block_size]


def _rising(rng, n, block_size):
    """Width-4 integer tokens whose keys score higher by about 1000 in each later tile.

    Every query sums to 4 and every entry of key j is 500 * (j // block_size) plus a small
    integer, so query i scores key j at 1000 * (j // block_size) + (q . delta) / 2: every tile
    raises the running maximum by about 1000, and a total or an output left unrescaled keeps
    weight that should have faded to 0. All values are exact in float32.
    """
    queries = [[1, 1, 1, 1], [1, 2, 0, 1], [2, 0, 1, 1], [0, 1, 2, 1], [1, 1, 2, 0]]
    Q = [rng.choice(queries) for _ in range(n)]
    K = [[500 * (j // block_size) + rng.randint(-2, 2) for _ in range(4)] for j in range(n)]
    return [Q, K, _matrix(rng, n, 3), block_size]


def _same_output(name):
    return [{"kind": "equal_to", "case": name, "message": {
        "en": "the output must not depend on the block size",
        "ko": "출력은 블록 크기에 따라 달라지면 안 됩니다"}}]


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(20261206)
    Q5 = [[1, 0], [0, 1], [1, 1], [1, -1], [0, 2]]
    K5 = [[1, 0], [0, 1], [1, 1], [-1, 1], [2, 0]]
    V5 = [[1, 0], [0, 1], [1, 1], [2, 0], [0, 2]]
    same = _random(rng, 11, 4, 3, 11)
    whole = {"en": "11 tokens in one tile (block_size = n)",
             "ko": "토큰 11개를 타일 하나로 (block_size = n)"}
    rising = _rising(rng, 12, 4)
    return [
        {"name": {"en": "five tokens in tiles of 2", "ko": "토큰 5개, 타일 크기 2"},
         "args": [Q5, K5, V5, 2], "public": True},
        {"name": {"en": "the same five tokens in tiles of 3", "ko": "같은 토큰 5개, 타일 크기 3"},
         "args": [Q5, K5, V5, 3], "public": True},
        {"name": whole, "args": same},
        {"name": {"en": "11 tokens in tiles of 1", "ko": "토큰 11개, 타일 크기 1"},
         "args": same[:3] + [1], "checks": _same_output(whole["en"])},
        {"name": {"en": "11 tokens in tiles of 4 (a shorter last tile)",
                  "ko": "토큰 11개, 타일 크기 4 (마지막 타일이 더 짧음)"},
         "args": same[:3] + [4], "checks": _same_output(whole["en"])},
        {"name": {"en": "11 tokens, block_size larger than n",
                  "ko": "토큰 11개, n보다 큰 block_size"},
         "args": same[:3] + [16], "checks": _same_output(whole["en"])},
        {"name": {"en": "a single token", "ko": "토큰 하나"},
         "args": [[[0.5, -1.0]], [[2.0, 1.0]], [[3.0, -4.0, 0.5]], 3]},
        {"name": {"en": "scores rise by about 1000 from each tile to the next",
                  "ko": "타일마다 점수가 약 1000씩 올라감"},
         "args": rising, "float32_scale": 2004},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "the same rising scores in tiles of 3",
                  "ko": "같은 오르는 점수, 타일 크기 3"},
         "args": rising[:3] + [3], "float32_scale": 2004},
        {"name": {"en": "random, 200 tokens, d=8, dv=4, tiles of 16",
                  "ko": "무작위, 토큰 200개, d=8, dv=4, 타일 크기 16"},
         "args": _random(rng, 200, 8, 4, 16)},
        {"name": {"en": "random, 333 tokens, d=16, dv=2, tiles of 64",
                  "ko": "무작위, 토큰 333개, d=16, dv=2, 타일 크기 64"},
         "args": _random(rng, 333, 16, 2, 64)},
        {"name": {"en": "a long sequence: 8192 tokens, tiles of 128",
                  "ko": "긴 시퀀스: 토큰 8192개, 타일 크기 128"},
         "args": [_small_ints(rng, 8192, 4), _small_ints(rng, 8192, 4),
                  _small_ints(rng, 8192, 1), 128]},
    ]
