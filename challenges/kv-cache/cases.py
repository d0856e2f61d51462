"""Test cases for decode_with_cache(X, Wq, Wk, Wv, cache_K, cache_V): public examples first,
then hidden edge and random cases.

Some caches are random; others hold the keys and values of a real prefix projected with the
same weights, so that decoding must reproduce the full causal pass over prefix + new tokens.
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


def _weights(rng, d_model, cols):
    """A projection whose outputs have entries of about unit size: moderate scores."""
    return _matrix(rng, d_model, cols, scale=d_model ** -0.5)


def _project(X, W):
    return [[sum(x * w for x, w in zip(row, column, strict=True))
             for column in zip(*W, strict=True)] for row in X]


def _random(rng, p, t, d_model, d, dv):
    """Random new tokens, weights and an unrelated random cache of p tokens."""
    return [_matrix(rng, t, d_model), _weights(rng, d_model, d), _weights(rng, d_model, d),
            _weights(rng, d_model, dv), _matrix(rng, p, d), _matrix(rng, p, dv)]


def _from_prefix(rng, p, t, d_model, d, dv):
    """A cache made from a real prefix of p tokens: cache_K = prefix Wk, cache_V = prefix Wv."""
    prefix, X = _matrix(rng, p, d_model), _matrix(rng, t, d_model)
    Wq, Wk, Wv = _weights(rng, d_model, d), _weights(rng, d_model, d), _weights(rng, d_model, dv)
    return [X, Wq, Wk, Wv, _project(prefix, Wk), _project(prefix, Wv)]


def _large_scores(rng, base, p, t):
    """Integer tokens and weights whose scaled scores sit within a few units of `base`.

    Tokens are [1, a, b] with a, b in {-1, 0, 1}. Column blocks of Wq beyond row 0 sum to
    zero, so every query sums to 4; every key is base/2 plus small integers, so every score
    q . k / 2 is base plus a few units. All values are exact in float32, and d = 4.
    """
    half = base // 2
    X = [[1, rng.randint(-1, 1), rng.randint(-1, 1)] for _ in range(t)]
    Wq = [[1, 1, 1, 1], [1, -1, 0, 0], [0, 1, 0, -1]]
    Wk = [[half] * 4] + [[rng.randint(-1, 1) for _ in range(4)] for _ in range(2)]
    cache_K = [[half + rng.randint(-2, 2) for _ in range(4)] for _ in range(p)]
    return [X, Wq, Wk, _weights(rng, 3, 3), cache_K, _matrix(rng, p, 3)]


def _rows_apart(rng):
    """A cache of three keys near 5000 per entry, then four new tokens: tokens [1, a, b]
    score every key [1, ...] near 10000, tokens [0, a, b] score every key near 0.

    Wq turns [1, a, b] into a query summing to 4 and [0, a, b] into one summing to 0; the
    first row of Wk adds 5000 to every key entry of a token [1, a, b], and d = 4. One maximum
    for all the new tokens' scores (10000) leaves nothing but exp(-10000) = 0 in the rows of
    the tokens [0, a, b]. Exact in float32.
    """
    X = [[1, 1, 0], [0, 1, -1], [1, -1, 1], [0, -1, 1]]
    Wq = [[1, 1, 1, 1], [1, -1, 0, 0], [0, 1, 0, -1]]
    Wk = [[5000] * 4] + [[rng.randint(-1, 1) for _ in range(4)] for _ in range(2)]
    cache_K = [[5000 + rng.randint(-2, 2) for _ in range(4)] for _ in range(3)]
    return [X, Wq, Wk, _weights(rng, 3, 3), cache_K, _matrix(rng, 3, 3)]


def _loud_future(rng):
    """A cache of two keys, then five new tokens: the last one's key scores 3000 for the four
    new tokens before it, which may not see it.

    Tokens are [c, a, b, e]: Wq makes a query sum to 4 c, and Wk's last row adds 1500 to every
    key entry when e = 1. The first four new tokens have c = 1, e = 0 and see small integer
    keys; the last has c = 0, e = 1, so its own query scores its loud key near 0 and the
    largest visible score stays small. Exact in float32.
    """
    X = [[1, rng.randint(-1, 1), rng.randint(-1, 1), 0] for _ in range(4)] + [[0, 1, -1, 1]]
    Wq = [[1, 1, 1, 1], [1, -1, 0, 0], [0, 1, 0, -1], [0, 0, 0, 0]]
    Wk = [[0] * 4] + [[rng.randint(-1, 1) for _ in range(4)] for _ in range(2)] + [[1500] * 4]
    cache_K = [[rng.randint(-2, 2) for _ in range(4)] for _ in range(2)]
    return [X, Wq, Wk, _weights(rng, 4, 3), cache_K, _matrix(rng, 2, 3)]


def _masked_key_at_top(rng):
    """A cache of two keys, then five new tokens: the last one's key scores 10000 for the four
    new tokens before it, which may not see it, and every key they see scores within a few
    units of -10000 (the two ends of the statement's score range).

    Tokens are [c, a, b, e]: Wq makes a query sum to 4 c; Wk's first row adds -5000 to every
    key entry when c = 1 and its last row 5000 when e = 1; the cached keys are -5000 plus a
    small integer. The first four new tokens have c = 1, e = 0; the last has c = 0, e = 1, so
    its own query sums to 0 and every score it sees is small. Adding a finite -10000 leaves
    the hidden key near 0, far above the visible ones. Exact in float32.
    """
    X = [[1, rng.randint(-1, 1), rng.randint(-1, 1), 0] for _ in range(4)] + [[0, 1, -1, 1]]
    Wq = [[1, 1, 1, 1], [1, -1, 0, 0], [0, 1, 0, -1], [0, 0, 0, 0]]
    Wk = [[-5000] * 4] + [[rng.randint(-1, 1) for _ in range(4)] for _ in range(2)] + [[5000] * 4]
    cache_K = [[-5000 + rng.randint(-2, 2) for _ in range(4)] for _ in range(2)]
    return [X, Wq, Wk, _weights(rng, 4, 3), cache_K, _matrix(rng, 2, 3)]


# The outputs of the new tokens before a change may depend only on the given cache and those
# tokens: a leak from later tokens breaks this, and so does a cache kept from an earlier call.
UNCHANGED_PREFIX = {
    "en": "changing only the later new tokens changed the outputs of earlier ones: each output "
          "may depend only on the cache you are given and the new tokens up to its own, not on "
          "later tokens nor on an earlier call",
    "ko": "뒤쪽 새 토큰만 바꿨는데 앞쪽 토큰의 출력이 바뀌었습니다. 각 출력은 "
          "주어진 캐시와 자기까지의 새 토큰에만 달려 있어야 하고, "
          "뒤쪽 토큰이나 이전 호출에 달려 있으면 안 됩니다",
}


def _twin(rng, args, keep):
    """The same case with every new token after the first `keep` replaced."""
    X = args[0][:keep] + _matrix(rng, len(args[0]) - keep, len(args[0][0]))
    return [X] + args[1:]


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(31415)
    wq = [[1, 0], [0, 1], [1, 1]]
    wk = [[1, 0], [0, 1], [0, 1]]
    wv = [[2, 0], [0, 2], [1, 1]]
    prompt_twin = _from_prefix(rng, 3, 6, 4, 3, 2)
    fresh_twin = _random(rng, 0, 8, 4, 4, 3)
    return [
        {
            "name": {"en": "empty cache, three tokens (plain causal self-attention)",
                     "ko": "빈 캐시, 토큰 3개 (평범한 인과적 셀프 어텐션)"},
            "args": [[[1, 0, 0], [0, 1, 0], [0, 0, 1]], wq, wk, wv, [], []],
            "public": True,
        },
        {
            "name": {"en": "a cache of two tokens, two new tokens",
                     "ko": "토큰 2개짜리 캐시, 새 토큰 2개"},
            "args": [[[1, 0, 1], [0, 1, 1]], wq, wk, wv, [[1, 0], [0, 1]], [[2, 0], [0, 2]]],
            "public": True,
        },
        {"name": {"en": "empty cache, a single token", "ko": "빈 캐시, 토큰 하나"},
         "args": _random(rng, 0, 1, 3, 2, 4)},
        {"name": {"en": "a cache of one token, one new token",
                  "ko": "토큰 하나짜리 캐시, 새 토큰 하나"}, "args": _random(rng, 1, 1, 3, 3, 3)},
        {"name": {"en": "one decoding step after a prompt of six",
                  "ko": "토큰 6개짜리 프롬프트 뒤 디코딩 한 단계"},
         "args": _from_prefix(rng, 6, 1, 4, 4, 4)},
        {"name": {"en": "a prompt of five, seven new tokens",
                  "ko": "토큰 5개짜리 프롬프트, 새 토큰 7개"},
         "args": _from_prefix(rng, 5, 7, 6, 3, 2)},
        {"name": {"en": "prompt of three, six new tokens",
                  "ko": "토큰 3개짜리 프롬프트, 새 토큰 6개"},
         "args": prompt_twin},
        {
            "name": {"en": "prompt of three, six new tokens, the last three changed",
                     "ko": "토큰 3개짜리 프롬프트, 새 토큰 6개, 마지막 3개를 바꿈"},
            "args": _twin(rng, prompt_twin, 3),
            "checks": [{"kind": "same_rows_as", "case": "prompt of three, six new tokens",
                        "rows": [0, 3], "message": UNCHANGED_PREFIX}],
        },
        {"name": {"en": "empty cache, eight tokens",
                  "ko": "빈 캐시, 토큰 8개"}, "args": fresh_twin},
        {
            "name": {"en": "empty cache, eight tokens, the last five changed",
                     "ko": "빈 캐시, 토큰 8개, 마지막 5개를 바꿈"},
            "args": _twin(rng, fresh_twin, 3),
            "checks": [{"kind": "same_rows_as", "case": "empty cache, eight tokens",
                        "rows": [0, 3], "message": UNCHANGED_PREFIX}],
        },
        {
            "name": {"en": "equal scores (a query projection of zeros)",
                     "ko": "모두 같은 점수 (0으로 된 쿼리 투영)"},
            "args": [_matrix(rng, 4, 3), [[0.0] * 2] * 3, _weights(rng, 3, 2),
                     _weights(rng, 3, 3), _matrix(rng, 3, 2), _matrix(rng, 3, 3)],
        },
        {"name": {"en": "values wider than keys (d=2, dv=6)", "ko": "키보다 넓은 밸류 (d=2, dv=6)"},
         "args": _random(rng, 4, 3, 5, 2, 6)},
        {"name": {"en": "values narrower than keys (d=8, dv=1)",
                  "ko": "키보다 좁은 밸류 (d=8, dv=1)"},
         "args": _random(rng, 3, 4, 5, 8, 1)},
        {"name": {"en": "scores near 1000", "ko": "1000 근처의 점수"},
         "args": _large_scores(rng, 1000, 4, 4),
         "float32_scale": 1008},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "scores near 10000", "ko": "10000 근처의 점수"},
         "args": _large_scores(rng, 10000, 3, 5),
         "float32_scale": 10008},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "scores near -1000", "ko": "-1000 근처의 점수"},
         "args": _large_scores(rng, -1000, 5, 3),
         "float32_scale": 1008},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "scores near 10000 in some rows and near 0 in others",
                  "ko": "어떤 행은 10000 근처, 어떤 행은 0 근처인 점수"},
         "args": _rows_apart(random.Random(4242)),
         "float32_scale": 10008},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "a later new token's key scores far above every key the earlier ones see",
                  "ko": "앞선 새 토큰이 보는 키보다 점수가 훨씬 높은 뒤쪽 새 토큰의 키"},
         "args": _loud_future(random.Random(4343))},
        {"name": {"en": "a masked key at the top of the range, visible keys at the bottom",
                  "ko": "범위 맨 위의 가려진 키, 맨 아래의 보이는 키"},
         "args": _masked_key_at_top(random.Random(4444)), "tier": "numerics",
         "float32_scale": 10008},  # float32 rounding (graders: float32_tolerance)
        {"name": {"en": "a cache of 1000 tokens, three new tokens",
                  "ko": "토큰 1000개짜리 캐시, 새 토큰 3개"},
         "args": _random(rng, 1000, 3, 4, 2, 2)},
        {"name": {"en": "random, cache of 10, 7 new tokens, d=8, dv=4",
                  "ko": "무작위, 토큰 10개짜리 캐시, 새 토큰 7개, d=8, dv=4"},
         "args": _random(rng, 10, 7, 6, 8, 4)},
        {"name": {"en": "random, empty cache, 16 tokens of width 16",
                  "ko": "무작위, 빈 캐시, 폭 16인 토큰 16개"},
         "args": _random(rng, 0, 16, 16, 16, 8)},
    ] + _numerics()


def _numerics():
    """The numerics tier: inputs exact in float16 and bfloat16, and a long sequence."""
    rng = random.Random(16)
    return [
        {"name": {"en": "numerics: inputs exact in float16 and bfloat16, "
                        "a cache of 5, four new tokens",
                  "ko": "수치: float16과 bfloat16으로 정확한 입력, 캐시 5개, 새 토큰 4개"},
         "args": _exact(_random(rng, 5, 4, 4, 4, 3)), "tier": "numerics"},
        {"name": {"en": "numerics: a cache of 2000, four new tokens",
                  "ko": "수치: 캐시 2000개, 새 토큰 4개"},
         "args": _exact(_random(rng, 2000, 4, 3, 2, 2)), "tier": "numerics"},
    ]
