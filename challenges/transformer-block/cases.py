"""Test cases for transformer_block(X, params, num_heads): public examples first, then hidden
edge and random cases."""

import random


def _matrix(rng, rows, cols, scale=1.0, shift=0.0):
    return [[round(shift + rng.gauss(0.0, scale), 4) for _ in range(cols)] for _ in range(rows)]


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


def _vector(rng, size, scale=1.0, shift=0.0):
    return [round(shift + rng.gauss(0.0, scale), 4) for _ in range(size)]


def _params(rng, d_model, d_attn, d_ff, attn_scale=1.0, learned_norms=True):
    """Weights whose attention scores and GELU inputs are of moderate size (unsaturated).

    attn_scale multiplies Wq and Wk: large values push the scores into the thousands.
    """
    s = d_model ** -0.5
    norm = (lambda: _vector(rng, d_model, 0.2, 1.0)) if learned_norms else (lambda: [1.0] * d_model)
    bias = (lambda: _vector(rng, d_model, 0.2)) if learned_norms else (lambda: [0.0] * d_model)
    return {
        "ln1_gamma": norm(), "ln1_beta": bias(),
        "Wq": _matrix(rng, d_model, d_attn, s * attn_scale),
        "Wk": _matrix(rng, d_model, d_attn, s * attn_scale),
        "Wv": _matrix(rng, d_model, d_attn, s),
        "Wo": _matrix(rng, d_attn, d_model, d_attn ** -0.5),
        "ln2_gamma": norm(), "ln2_beta": bias(),
        "W1": _matrix(rng, d_model, d_ff, 1.5 * s), "b1": _vector(rng, d_ff, 0.5),
        "W2": _matrix(rng, d_ff, d_model, d_ff ** -0.5), "b2": _vector(rng, d_model, 0.2),
    }


def _random(rng, n, d_model, heads, d_head, d_ff, **options):
    return [_matrix(rng, n, d_model), _params(rng, d_model, heads * d_head, d_ff, **options), heads]


def _steered(rng, X, wq, wk):
    """One head of width 2 over tokens of width 4 whose scores follow the tokens' first entry.

    ln1 keeps the first three normalised features and replaces the fourth by a constant 1
    (gamma 0, beta 1). Tokens are [3, -1, -1, -1] ("up", normalised first entry +sqrt(3)) or
    [-3, 1, 1, 1] ("down", -sqrt(3)). Wq and Wk read a multiple of the first entry plus the
    constant, given as (a, b) for a * first + b, the same in both columns.
    """
    params = _params(rng, 4, 2, 8)
    params["ln1_gamma"], params["ln1_beta"] = [1.0, 1.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]
    params["Wq"] = [[wq[0]] * 2, [0.0] * 2, [0.0] * 2, [wq[1]] * 2]
    params["Wk"] = [[wk[0]] * 2, [0.0] * 2, [0.0] * 2, [wk[1]] * 2]
    return [[[3, -1, -1, -1] if up else [-3, 1, 1, 1] for up in X], params, 1]


def _rows_apart(rng):
    """Up tokens score every key near 10000, down tokens score every key near 0.

    Every key is the constant [40, 40]; an up token's query is 50 (sqrt(3) + sqrt(3)) per
    entry and a down token's is about 0, so the scaled scores are about 9798 and 0. One
    maximum for the head's whole matrix leaves nothing but exp(-9798) = 0 in the down rows.
    """
    return _steered(rng, [True, False, True, False, True], (50.0, 50.0 * 3 ** 0.5), (0.0, 40.0))


def _loud_future(rng):
    """The last (up) token's key scores about 1700 for the four down tokens before it.

    Keys are 10 (first + sqrt(3)): about 0 for down tokens, 34.6 per entry for the up token.
    Queries are 10 (sqrt(3) - first): 34.6 per entry for down tokens, about 0 for the up token,
    which therefore scores its own loud key near 0. Every score a query may see is near 0.
    """
    return _steered(rng, [False, False, False, False, True], (-10.0, 10.0 * 3 ** 0.5),
                    (10.0, 10.0 * 3 ** 0.5))


def _masked_key_at_top(rng):
    """The last (up) token's key scores about 10000 for the four down tokens before it, and
    every key they see scores about -10000 (the two ends of the statement's score range).

    Every query is the constant 1; keys are 4082 times the normalised first entry, so the
    scaled scores are sqrt(2) * 4082 * (+-sqrt(3)), about +-9999. The up token sees its own
    loud key. Adding a finite -10000 leaves the hidden key near 0, far above the visible ones.
    """
    return _steered(rng, [False, False, False, False, True], (0.0, 1.0), (4082.0, 0.0))


def _twin(rng, args, keep):
    """The same case with every token after the first `keep` replaced."""
    X, params, heads = args
    return [X[:keep] + _matrix(rng, len(X) - keep, len(X[0])), params, heads]


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(69314718)
    twin = _random(rng, 9, 8, 2, 4, 16)
    offset = _random(rng, 6, 8, 2, 4, 16)
    offset[0] = _matrix(rng, 6, 8, 1.0, 1000.0)
    identity = [[1, 0], [0, 1]]
    plain = {"ln1_gamma": [1, 1], "ln1_beta": [0, 0], "Wq": identity, "Wk": identity,
             "Wv": identity, "Wo": identity, "ln2_gamma": [1, 1], "ln2_beta": [0, 0],
             "W1": identity, "b1": [0, 0], "W2": identity, "b2": [0, 0]}
    return [
        {"name": {"en": "two tokens of width 2, identity weights, one head",
                  "ko": "폭 2인 토큰 2개, 단위 행렬 가중치, 헤드 하나"},
         "args": [[[1, 3], [2, 0]], plain, 1], "public": True},
        {"name": {"en": "three tokens, width 4, two heads", "ko": "토큰 3개, 폭 4, 헤드 2개"},
         "args": _random(rng, 3, 4, 2, 2, 8, learned_norms=False), "public": True},
        {"name": {"en": "four tokens, width 4, one head, learned norms",
                  "ko": "토큰 4개, 폭 4, 헤드 하나, 학습된 정규화"},
         "args": _random(rng, 4, 4, 1, 4, 6), "public": True},
        {"name": {"en": "a single token", "ko": "토큰 하나"}, "args": _random(rng, 1, 6, 2, 3, 12)},
        {"name": {"en": "one head", "ko": "헤드 하나"}, "args": _random(rng, 5, 6, 1, 6, 12)},
        {"name": {"en": "four heads", "ko": "헤드 4개"}, "args": _random(rng, 6, 8, 4, 2, 32)},
        {"name": {"en": "three heads", "ko": "헤드 3개"}, "args": _random(rng, 5, 9, 3, 3, 18)},
        {"name": {"en": "attention width different from the model width (d_attn=6, d_model=4)",
                  "ko": "모델 폭과 다른 어텐션 폭 (d_attn=6, d_model=4)"},
         "args": _random(rng, 5, 4, 2, 3, 8)},
        {"name": {"en": "nine tokens, two heads", "ko": "토큰 9개, 헤드 2개"}, "args": twin},
        {
            "name": {"en": "nine tokens, two heads, the last five changed",
                     "ko": "토큰 9개, 헤드 2개, 마지막 5개를 바꿈"},
            "args": _twin(rng, twin, 4),
            "checks": [{"kind": "same_rows_as", "case": "nine tokens, two heads",
                        "rows": [0, 4]}],
        },
        {"name": {"en": "identity norms (gamma 1, beta 0)", "ko": "항등 정규화 (gamma 1, beta 0)"},
         "args": _random(rng, 6, 8, 2, 4, 16, learned_norms=False)},
        {"name": {"en": "tokens with a large common offset (near 1000)",
                  "ko": "공통으로 큰 값이 더해진 토큰 (1000 근처)"}, "args": offset},
        {"name": {"en": "attention scores in the thousands", "ko": "수천 단위의 어텐션 점수"},
         "args": _random(rng, 6, 4, 2, 2, 8, attn_scale=15.0)},
        {"name": {"en": "attention scores up to about 10000",
                  "ko": "10000 정도까지 커지는 어텐션 점수"},
         "args": _random(rng, 5, 4, 2, 2, 8, attn_scale=85.0)},
        {"name": {"en": "attention scores near 10000 in some rows and near 0 in others",
                  "ko": "어떤 행은 10000 근처, 어떤 행은 0 근처인 어텐션 점수"},
         "args": _rows_apart(random.Random(4242))},
        {"name": {"en": "a future key scores far above every key its queries see",
                  "ko": "보이는 키보다 점수가 훨씬 높은 미래의 키"},
         "args": _loud_future(random.Random(4343))},
        {"name": {"en": "a masked key at the top of the range, visible keys at the bottom",
                  "ko": "범위 맨 위의 가려진 키, 맨 아래의 보이는 키"},
         "args": _masked_key_at_top(random.Random(4444)), "tier": "numerics",
         "float32_scale": 10000},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "a sequence of 128 tokens", "ko": "토큰 128개짜리 시퀀스"},
         "args": _random(rng, 128, 8, 2, 4, 16)},
        {"name": {"en": "random, 7 tokens, width 16, four heads, d_ff=64",
                  "ko": "무작위, 토큰 7개, 폭 16, 헤드 4개, d_ff=64"},
         "args": _random(rng, 7, 16, 4, 4, 64)},
        {"name": {"en": "random, 12 tokens, width 12, six heads, d_ff=24",
                  "ko": "무작위, 토큰 12개, 폭 12, 헤드 6개, d_ff=24"},
         "args": _random(rng, 12, 12, 6, 2, 24)},
    ] + _numerics()


def _numerics():
    """The numerics tier: inputs exact in float16 and bfloat16, and a long sequence."""
    rng = random.Random(16)
    return [
        {"name": {"en": "numerics: inputs exact in float16 and bfloat16, 6 tokens, two heads",
                  "ko": "수치: float16과 bfloat16으로 정확한 입력, 토큰 6개, 헤드 2개"},
         "args": _exact(_random(rng, 6, 4, 2, 2, 8)), "tier": "numerics"},
        {"name": {"en": "numerics: 256 tokens, two heads", "ko": "수치: 토큰 256개, 헤드 2개"},
         "args": _exact(_random(rng, 256, 4, 2, 2, 8)), "tier": "numerics"},
    ]
