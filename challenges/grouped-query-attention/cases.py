"""Test cases for grouped_query_attention(X, Wq, Wk, Wv, Wo, num_heads, num_kv_heads): public
examples first, then hidden edge and random cases.

Without a mask the attention is permutation-equivariant: one case reorders the tokens of
another, and its output rows must follow the same order. Two pairs of cases compute the same
thing twice: once with shared key/value heads, once with
num_kv_heads == num_heads and each shared head copied for every query head of its group.
The declared checks ask for equal outputs within each pair.
"""

import random


def _matrix(rng, rows, cols, scale=1.0):
    return [[round(rng.gauss(0.0, scale), 4) for _ in range(cols)] for _ in range(rows)]


def _exact(value):
    """`value` with every float rounded to a multiple of 1/8 in [-8, 8] (ints and bools kept):
    exact in float16 and bfloat16, so the only rounding error is the computation's."""
    if isinstance(value, dict):
        return {key: _exact(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_exact(item) for item in value]
    if isinstance(value, float):
        return min(8.0, max(-8.0, round(value * 8) / 8))
    return value


def _random(rng, n, d_model, heads, kv_heads, d_head, dv_head=None, d_out=None):
    """Random tokens and weights scaled so that every head's scores have about unit size."""
    dv_head = dv_head or d_head
    d_out = d_out or d_model
    s = d_model ** -0.5
    return [_matrix(rng, n, d_model), _matrix(rng, d_model, heads * d_head, s),
            _matrix(rng, d_model, kv_heads * d_head, s),
            _matrix(rng, d_model, kv_heads * dv_head, s),
            _matrix(rng, heads * dv_head, d_out, (heads * dv_head) ** -0.5), heads, kv_heads]


def _expanded(args, copies):
    """The same attention with every key/value head copied `copies` times in place."""
    X, Wq, Wk, Wv, Wo, heads, kv_heads = args

    def expand(W):
        width = len(W[0]) // kv_heads
        return [[x for g in range(kv_heads) for _ in range(copies)
                 for x in row[g * width:(g + 1) * width]] for row in W]

    return [X, Wq, expand(Wk), expand(Wv), Wo, heads, kv_heads * copies]


def _large_scores(rng, base, n, heads, kv_heads):
    """Integer tokens and weights whose scaled scores sit within a few units of `base`.

    Tokens are [1, a, b] with a, b in {-1, 0, 1} and d_head = 4. Row 0 of Wq is all ones
    and each head's block of rows 1 and 2 sums to zero, so every query sums to 4; every key
    is base/2 plus small integers, so every score q . k / 2 is base plus a few units.
    """
    half = base // 2
    X = [[1, rng.randint(-1, 1), rng.randint(-1, 1)] for _ in range(n)]
    rows = [[], []]
    for _ in range(heads):
        for row in rows:
            pattern = [1, -1, 0, 0]
            rng.shuffle(pattern)
            row.extend(pattern)
    Wq = [[1] * (4 * heads)] + rows
    Wk = [[half] * (4 * kv_heads)] + [[rng.randint(-1, 1) for _ in range(4 * kv_heads)]
                                      for _ in range(2)]
    Wv = _matrix(rng, 3, 2 * kv_heads, 3 ** -0.5)
    Wo = _matrix(rng, 2 * heads, 3, (2 * heads) ** -0.5)
    return [X, Wq, Wk, Wv, Wo, heads, kv_heads]


def _rows_apart(rng):
    """Four query heads, two key/value heads, as in _large_scores with base 10000, except that
    tokens 1 and 3 are [0, a, b]: their queries sum to 0 and their keys hold no 5000.

    Every head's rows for the tokens [1, a, b] are near 10000 (for keys [1, ...]) and its rows
    for the tokens [0, a, b] are near 0, so one maximum for a head's whole matrix leaves
    nothing but exp(-10000) = 0 in those rows. Exact in float32.
    """
    X, Wq, Wk, Wv, Wo, heads, kv_heads = _large_scores(rng, 10000, 5, 4, 2)
    X[1] = [0, 1, -1]
    X[3] = [0, -1, 1]
    return [X, Wq, Wk, Wv, Wo, heads, kv_heads]


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(27182818)
    multi_query = _random(rng, 5, 8, 4, 1, 2)
    grouped = _random(rng, 6, 8, 4, 2, 2, 3)
    six_three = _random(rng, 5, 12, 6, 3, 2)
    order = [3, 0, 4, 1, 2]
    return [
        {
            "name": {"en": "two query heads sharing one key/value head",
                     "ko": "키/밸류 헤드 하나를 나눠 쓰는 쿼리 헤드 2개"},
            "args": [[[1, 0], [0, 1], [1, 1]],
                     [[1, 0, 0, 1], [0, 1, 1, 0]],
                     [[1, 0], [0, 1]],
                     [[1, 2], [3, 0]],
                     [[1, 0], [0, 1], [1, 0], [0, 1]],
                     2, 1],
            "public": True,
        },
        {"name": {"en": "four query heads, two key/value heads, d_out=3",
                  "ko": "쿼리 헤드 4개, 키/밸류 헤드 2개, d_out=3"},
         "args": _random(rng, 3, 4, 4, 2, 1, 1, 3), "public": True},
        {"name": {"en": "a single head (plain single-head attention)",
                  "ko": "헤드 하나 (평범한 단일 헤드 어텐션)"},
         "args": _random(rng, 4, 3, 1, 1, 3)},
        {"name": {"en": "as many key/value heads as query heads (multi-head attention)",
                  "ko": "쿼리 헤드와 같은 수의 키/밸류 헤드 (멀티헤드 어텐션)"},
         "args": _random(rng, 5, 8, 4, 4, 2)},
        {"name": {"en": "four query heads sharing one key/value head (multi-query attention)",
                  "ko": "키/밸류 헤드 하나를 나눠 쓰는 쿼리 헤드 4개 (멀티 쿼리 어텐션)"},
         "args": multi_query},
        {
            "name": {"en": "the same multi-query case with its key/value head copied four times",
                     "ko": "같은 멀티 쿼리 경우, 키/밸류 헤드를 4번 복사"},
            "args": _expanded(multi_query, 4),
            "checks": [{"kind": "equal_to",
                        "case": "four query heads sharing one key/value head "
                                "(multi-query attention)",
                        "message": {
                            "en": "copying each key/value head for the query heads that share "
                                  "it must not change the output",
                            "ko": "키/밸류 헤드를 그것을 나눠 쓰는 쿼리 헤드 수만큼 복사해도 "
                                  "출력이 바뀌면 안 됩니다"}}],
        },
        {"name": {"en": "four query heads, two key/value heads",
                  "ko": "쿼리 헤드 4개, 키/밸류 헤드 2개"}, "args": grouped},
        {
            "name": {"en": "the same grouped case with each key/value head copied twice",
                     "ko": "같은 그룹 경우, 키/밸류 헤드를 각각 2번 복사"},
            "args": _expanded(grouped, 2),
            "checks": [{"kind": "equal_to", "case": "four query heads, two key/value heads",
                        "message": {
                            "en": "copying each key/value head for the query heads that share "
                                  "it must not change the output",
                            "ko": "키/밸류 헤드를 그것을 나눠 쓰는 쿼리 헤드 수만큼 복사해도 "
                                  "출력이 바뀌면 안 됩니다"}}],
        },
        {"name": {"en": "six query heads, three key/value heads",
                  "ko": "쿼리 헤드 6개, 키/밸류 헤드 3개"}, "args": six_three},
        {
            "name": {"en": "the same six-head case with its tokens in another order",
                     "ko": "같은 헤드 6개 경우, 토큰을 다른 순서로"},
            "args": [[six_three[0][i] for i in order], *six_three[1:]],
            "checks": [{"kind": "permuted_from", "case": "six query heads, three key/value heads",
                        "permutation": order}],
        },
        {"name": {"en": "six query heads, two key/value heads (groups of three)",
                  "ko": "쿼리 헤드 6개, 키/밸류 헤드 2개 (3개씩 그룹)"},
         "args": _random(rng, 5, 12, 6, 2, 2)},
        {"name": {"en": "eight query heads, two key/value heads",
                  "ko": "쿼리 헤드 8개, 키/밸류 헤드 2개"}, "args": _random(rng, 6, 16, 8, 2, 2)},
        {"name": {"en": "three query heads, one key/value head",
                  "ko": "쿼리 헤드 3개, 키/밸류 헤드 하나"}, "args": _random(rng, 4, 6, 3, 1, 2)},
        {"name": {"en": "nine query heads, three key/value heads",
                  "ko": "쿼리 헤드 9개, 키/밸류 헤드 3개"}, "args": _random(rng, 4, 9, 9, 3, 1)},
        {"name": {"en": "five query heads, five key/value heads",
                  "ko": "쿼리 헤드 5개, 키/밸류 헤드 5개"}, "args": _random(rng, 4, 10, 5, 5, 2)},
        {"name": {"en": "a single token", "ko": "토큰 하나"}, "args": _random(rng, 1, 8, 4, 2, 2)},
        {
            "name": {"en": "equal scores (a query projection of zeros)",
                     "ko": "모두 같은 점수 (0으로 된 쿼리 투영)"},
            "args": [_matrix(rng, 4, 6)] + [[[0.0] * 6] * 6] + _random(rng, 4, 6, 3, 3, 2)[2:],
        },
        {"name": {"en": "value heads wider than key heads (d_head=2, dv_head=5)",
                  "ko": "키 헤드보다 넓은 밸류 헤드 (d_head=2, dv_head=5)"},
         "args": _random(rng, 5, 8, 4, 2, 2, 5)},
        {"name": {"en": "output projection to a different width (d_out=3)",
                  "ko": "폭을 바꾸는 출력 투영 (d_out=3)"},
         "args": _random(rng, 5, 8, 4, 2, 2, 2, 3)},
        {"name": {"en": "scores near 1000", "ko": "1000 근처의 점수"},
         "args": _large_scores(rng, 1000, 5, 4, 2),
         "float32_scale": 1008},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "scores near 10000", "ko": "10000 근처의 점수"}, "tier": "numerics",
         "args": _large_scores(rng, 10000, 4, 6, 3),
         "float32_scale": 10008},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "scores near 10000 in some rows and near 0 in others",
                  "ko": "어떤 행은 10000 근처, 어떤 행은 0 근처인 점수"},
         "args": _rows_apart(random.Random(4242)),
         "float32_scale": 10008},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "a sequence of 256 tokens", "ko": "토큰 256개짜리 시퀀스"},
         "args": _random(rng, 256, 8, 4, 2, 2)},
        {"name": {"en": "random, 7 tokens, 6 query heads of width 4, 2 key/value heads",
                  "ko": "무작위, 토큰 7개, 폭 4인 쿼리 헤드 6개, 키/밸류 헤드 2개"},
         "args": _random(rng, 7, 24, 6, 2, 4, 3, 10)},
    ] + _numerics()


def _numerics():
    """The numerics tier: inputs exact in float16 and bfloat16, and a long sequence."""
    rng = random.Random(16)
    return [
        {"name": {"en": "numerics: inputs exact in float16 and bfloat16, "
                        "6 tokens, 4 query heads, 2 key heads",
                  "ko": "수치: float16과 bfloat16으로 정확한 입력, "
                        "토큰 6개, 쿼리 헤드 4개, 키 헤드 2개"},
         "args": _exact(_random(rng, 6, 8, 4, 2, 2)), "tier": "numerics"},
        {"name": {"en": "numerics: 300 tokens, one head", "ko": "수치: 토큰 300개, 헤드 하나"},
         "args": _exact(_random(rng, 300, 2, 1, 1, 2)), "tier": "numerics"},
    ]
