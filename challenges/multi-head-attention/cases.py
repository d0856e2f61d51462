"""Test cases for multi_head_attention(X, Wq, Wk, Wv, Wo, num_heads, causal=False): public
examples first, then hidden edge and random cases. `causal`, when given, is a keyword."""

import random

CAUSAL = {"causal": True}


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


def _weights(rng, d_model, d, dv, d_out):
    """Wq, Wk (d_model x d), Wv (d_model x dv) and Wo (dv x d_out) of variance 1/fan-in: with
    tokens of unit variance every head's scaled scores have a standard deviation near 1, so
    no softmax is one-hot."""
    w = d_model ** -0.5
    return [_matrix(rng, d_model, d, w), _matrix(rng, d_model, d, w), _matrix(rng, d_model, dv, w),
            _matrix(rng, dv, d_out, dv ** -0.5)]


def _random(rng, n, d_model, d, dv, d_out, heads):
    return [_matrix(rng, n, d_model)] + _weights(rng, d_model, d, dv, d_out) + [heads]


def _large_scores(rng, base):
    """Two heads of width 4 whose scaled scores all sit within a few units of `base`.

    Tokens are [1, a, b] with small integers a, b; each head's block of Wq turns a token into a
    query whose entries sum to 4, and the first row of Wk adds base / 2 to every key entry.
    Everything is an integer, exact in float32.
    """
    X = [[1, rng.randint(-1, 1), rng.randint(-1, 1)] for _ in range(5)]
    Wq = [[1, 1, 1, 1, 1, 1, 1, 1], [1, 0, -1, 0, 0, 1, 0, -1], [0, 1, 0, -1, 1, 0, -1, 0]]
    Wk = [[base // 2] * 8] + [[rng.randint(-1, 1) for _ in range(8)] for _ in range(2)]
    Wv = [[rng.randint(-2, 2) for _ in range(4)] for _ in range(3)]
    Wo = [[rng.randint(-2, 2) for _ in range(3)] for _ in range(4)]
    return [X, Wq, Wk, Wv, Wo, 2]


def _rows_apart(rng):
    """Two heads of width 4: tokens [1, a, b] score every key [1, ...] near 10000, tokens
    [0, a, b] score every key near 0.

    Each head's block of Wq turns [1, a, b] into a query summing to 4 and [0, a, b] into one
    summing to 0; the first row of Wk adds 5000 to every key entry of a token [1, a, b]. One
    maximum for a head's whole matrix (10000) leaves nothing but exp(-10000) = 0 in the rows of
    the tokens [0, a, b]. Integers: exact in float32.
    """
    X = [[first, rng.randint(-1, 1), rng.randint(-1, 1)] for first in (1, 0, 1, 0, 1)]
    X[1][1:] = [1, -1]  # a low row whose scores are not all equal
    Wq = [[1, 1, 1, 1, 1, 1, 1, 1], [1, 0, -1, 0, 0, 1, 0, -1], [0, 1, 0, -1, 1, 0, -1, 0]]
    Wk = [[5000] * 8] + [[rng.randint(-1, 1) for _ in range(8)] for _ in range(2)]
    Wv = [[rng.randint(-2, 2) for _ in range(4)] for _ in range(3)]
    Wo = [[rng.randint(-2, 2) for _ in range(3)] for _ in range(4)]
    return [X, Wq, Wk, Wv, Wo, 2]


def _loud_future(rng):
    """Two heads of width 4, causal: the last token's key scores 3000 in both heads for the
    four tokens before it, which may not see it.

    Tokens are [c, a, b, e]. Wq's first row makes a query's block sum to 4 c; Wk's last row
    adds 1500 to every key entry when e = 1. The first four tokens have c = 1, e = 0 and see
    keys of small integers; the last has c = 0, e = 1, so its own query scores its loud key
    near 0 and the largest visible score of each head stays small. Exact in float32.
    """
    X = [[1, rng.randint(-1, 1), rng.randint(-1, 1), 0] for _ in range(4)] + [[0, 1, -1, 1]]
    Wq = [[1, 1, 1, 1, 1, 1, 1, 1], [1, 0, -1, 0, 0, 1, 0, -1], [0, 1, 0, -1, 1, 0, -1, 0],
          [0] * 8]
    Wk = [[0] * 8] + [[rng.randint(-1, 1) for _ in range(8)] for _ in range(2)] + [[1500] * 8]
    Wv = [[rng.randint(-2, 2) for _ in range(4)] for _ in range(4)]
    Wo = [[rng.randint(-2, 2) for _ in range(3)] for _ in range(4)]
    return [X, Wq, Wk, Wv, Wo, 2]


def _masked_key_at_top(rng):
    """Two heads of width 4, causal: in both heads the last token's key scores 10000 for the
    four tokens before it, which may not see it, and every key they see scores within a few
    units of -10000 (the two ends of the statement's score range).

    Tokens are [c, a, b, e]. Wq's first row makes a query's block sum to 4 c; Wk's first row
    adds -5000 to every key entry when c = 1 and its last row 5000 when e = 1. The first four
    tokens have c = 1, e = 0; the last has c = 0, e = 1, so its own query sums to 0 and every
    score it sees is small. Adding a finite -10000 leaves the hidden key near 0, far above the
    visible ones. Integers: exact in float32.
    """
    X = [[1, rng.randint(-1, 1), rng.randint(-1, 1), 0] for _ in range(4)] + [[0, 1, -1, 1]]
    Wq = [[1, 1, 1, 1, 1, 1, 1, 1], [1, 0, -1, 0, 0, 1, 0, -1], [0, 1, 0, -1, 1, 0, -1, 0],
          [0] * 8]
    Wk = [[-5000] * 8] + [[rng.randint(-1, 1) for _ in range(8)] for _ in range(2)] + [[5000] * 8]
    Wv = [[rng.randint(-2, 2) for _ in range(4)] for _ in range(4)]
    Wo = [[rng.randint(-2, 2) for _ in range(3)] for _ in range(4)]
    return [X, Wq, Wk, Wv, Wo, 2]


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(27182818)
    identity = [[1 if i == j else 0 for j in range(4)] for i in range(4)]
    causal_base = _random(rng, 6, 4, 4, 4, 4, 2)
    causal_changed = [causal_base[0][:3] + _matrix(rng, 3, 4)] + causal_base[1:]
    perm_base = _random(rng, 6, 8, 8, 8, 8, 4)
    order = [5, 2, 0, 4, 1, 3]
    perm_shuffled = [[perm_base[0][i] for i in order]] + perm_base[1:]
    return [
        {
            "name": {"en": "two heads on three tokens, identity weights",
                     "ko": "토큰 세 개에 헤드 두 개, 항등 가중치"},
            "args": [[[1, 0, 1, 0], [0, 1, 0, 1], [1, 1, 2, 0]],
                     identity, identity, identity, identity, 2],
            "public": True,
        },
        {
            "name": {"en": "two heads, causal, output width 2",
                     "ko": "헤드 두 개, 인과적 마스크, 출력 폭 2"},
            "args": [
                [[1, 0, 1, 0], [0, 1, 0, 1], [1, 1, 2, 0]],
                [[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0], [0, 0, 1, 1]],
                identity,
                identity,
                [[1, 0], [0, 1], [1, 1], [1, -1]],
                2,
            ],
            "kwargs": CAUSAL,
            "public": True,
        },
        {"name": {"en": "one head", "ko": "헤드 하나"}, "args": _random(rng, 4, 4, 4, 4, 4, 1)},
        {
            "name": {"en": "three heads, d_model=9", "ko": "헤드 세 개, d_model=9"},
            "args": _random(rng, 5, 9, 9, 9, 9, 3),
        },
        {
            "name": {"en": "heads of width 1 (as many heads as columns)",
                     "ko": "폭 1인 헤드(열 수만큼의 헤드)"},
            "args": _random(rng, 5, 4, 4, 4, 4, 4),
        },
        {
            "name": {"en": "non-square output projection (6 -> 4)",
                     "ko": "정사각이 아닌 출력 투영(6 -> 4)"},
            "args": _random(rng, 4, 6, 6, 6, 4, 2),
        },
        {
            "name": {"en": "query width differs from model width (d_model=6, D=8)",
                     "ko": "모델 폭과 다른 쿼리 폭(d_model=6, D=8)"},
            "args": _random(rng, 5, 6, 8, 8, 6, 2),
        },
        {
            "name": {"en": "values narrower than queries (head widths 4 and 1)",
                     "ko": "쿼리보다 좁은 밸류(헤드 폭 4와 1)"},
            "args": _random(rng, 4, 8, 8, 2, 3, 2),
        },
        {"name": {"en": "a single token",
                  "ko": "토큰 하나"}, "args": _random(rng, 1, 4, 4, 4, 4, 2)},
        {
            "name": {"en": "a single token, causal", "ko": "토큰 하나, 인과적 마스크"},
            "args": _random(rng, 1, 6, 6, 6, 2, 3),
            "kwargs": CAUSAL,
        },
        {
            "name": {"en": "causal, 5 tokens, 3 heads", "ko": "인과적 마스크, 토큰 5개, 헤드 3개"},
            "args": _random(rng, 5, 6, 6, 6, 6, 3),
            "kwargs": CAUSAL,
        },
        {
            "name": {"en": "causal, 6 tokens, 2 heads", "ko": "인과적 마스크, 토큰 6개, 헤드 2개"},
            "args": causal_base,
            "kwargs": CAUSAL,
        },
        {
            "name": {"en": "causal, same first 3 tokens, different later tokens",
                     "ko": "인과적 마스크, 앞의 토큰 3개는 같고 뒤의 토큰은 다름"},
            "args": causal_changed,
            "kwargs": CAUSAL,
            "checks": [{"kind": "same_rows_as", "case": "causal, 6 tokens, 2 heads",
                        "rows": [0, 3]}],
        },
        {
            "name": {"en": "causal given explicitly as False",
                     "ko": "causal을 False로 명시한 경우"},
            "args": _random(rng, 4, 4, 4, 4, 4, 2),
            "kwargs": {"causal": False},
        },
        {"name": {"en": "4 heads over 6 tokens", "ko": "토큰 6개에 헤드 4개"}, "args": perm_base},
        {
            "name": {"en": "the same 6 tokens in another order",
                     "ko": "같은 토큰 6개를 다른 순서로"},
            "args": perm_shuffled,
            "checks": [{"kind": "permuted_from", "case": "4 heads over 6 tokens",
                        "permutation": order}],
        },
        {
            "name": {"en": "scores near 1000 in every head",
                     "ko": "모든 헤드에서 1000 근처의 점수"},
            "args": _large_scores(rng, 1000),
            "float32_scale": 1004,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "scores near 10000 in every head, causal",
                     "ko": "모든 헤드에서 10000 근처의 점수, 인과적 마스크"},
            "args": _large_scores(rng, 10000),
            "kwargs": CAUSAL,
            "float32_scale": 10004,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "scores near -1000 in every head",
                     "ko": "모든 헤드에서 -1000 근처의 점수"},
            "args": _large_scores(rng, -1000),
            "float32_scale": 1004,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "scores near 10000 in some rows and near 0 in others",
                     "ko": "어떤 행은 10000 근처, 어떤 행은 0 근처인 점수"},
            "args": _rows_apart(random.Random(4242)),
            "float32_scale": 10004,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "causal, a future key scores far above every key its queries see",
                     "ko": "인과적 마스크, 보이는 키보다 점수가 훨씬 높은 미래의 키"},
            "args": _loud_future(random.Random(4343)),
            "kwargs": CAUSAL,
        },
        {
            "name": {"en": "causal, a masked key at the top of the range, "
                           "visible keys at the bottom",
                     "ko": "인과적 마스크, 범위 맨 위의 가려진 키, 맨 아래의 보이는 키"},
            "args": _masked_key_at_top(random.Random(4444)), "tier": "numerics",
            "kwargs": CAUSAL,
            "float32_scale": 10004,  # float32 rounding (graders: float32_tolerance)
        },
        {
            "name": {"en": "a sequence of 128 tokens, causal",
                     "ko": "토큰 128개로 된 시퀀스, 인과적 마스크"},
            "args": _random(rng, 128, 8, 8, 8, 4, 2),
            "kwargs": CAUSAL,
        },
    ] + _numerics()


def _numerics():
    """The numerics tier: inputs exact in float16 and bfloat16, and a long sequence."""
    rng = random.Random(16)
    return [
        {"name": {"en": "numerics: inputs exact in float16 and bfloat16, 6 tokens, two heads",
                  "ko": "수치: float16과 bfloat16으로 정확한 입력, 토큰 6개, 헤드 2개"},
         "args": _exact(_random(rng, 6, 8, 8, 8, 4, 2)), "tier": "numerics"},
        {"name": {"en": "numerics: 256 tokens, two heads", "ko": "수치: 토큰 256개, 헤드 2개"},
         "args": _exact(_random(rng, 256, 4, 4, 4, 4, 2)), "tier": "numerics"},
    ]
