"""Test cases for layer_norm(x, gamma, beta, eps=1e-5): public examples first, then hidden edge
and random cases. `eps`, when given, is a keyword."""

import random


def _matrix(rng, rows, cols, scale=1.0, shift=0.0):
    return [[round(shift + rng.gauss(0.0, scale), 4) for _ in range(cols)] for _ in range(rows)]


def _affine(rng, d):
    """A random gamma around 1 and beta around 0."""
    return [round(1 + rng.gauss(0.0, 0.3), 4) for _ in range(d)], _matrix(rng, 1, d, 0.5)[0]


def _random(rng, n, d, scale=1.0, shift=0.0):
    return [_matrix(rng, n, d, scale, shift), *_affine(rng, d)]


def _dyadic(rng, n, d, center, step, spread):
    """Rows of center + k * step with small integers k: exact in float32 when step is a power
    of two, so that float32 solutions see exactly these numbers."""
    return [[center + rng.randint(-spread, spread) * step for _ in range(d)] for _ in range(n)]


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(1123581)
    base = _random(rng, 5, 6)
    shifts = [2.5, -3.0, 0.75, 1.5, -0.5]
    rows = [[v + s for v in row] for row, s in zip(base[0], shifts, strict=True)]
    shifted = [rows, base[1], base[2]]
    return [
        {
            "name": "two rows of four, gamma of ones, beta of zeros",
            "args": [[[1, 2, 3, 4], [2, 2, 2, 6]], [1, 1, 1, 1], [0, 0, 0, 0]],
            "public": True,
        },
        {
            "name": "gamma and beta act per feature",
            "args": [[[1, 0, -1], [3, 5, 4]], [1, 2, 0.5], [0, 1, -1]],
            "public": True,
        },
        {"name": "a single row", "args": _random(rng, 1, 5)},
        {"name": "rows of one feature", "args": [[[3.0], [-1.5], [0.0]], [2.0], [0.25]]},
        {"name": "a constant row",
         "args": [[[2, 2, 2, 2], [1, 2, 3, 5]], [1, 1, 1, 1], [0.5, 0, 0, -0.5]]},
        {"name": "nearly constant rows (variance far below eps)",
         "args": [_dyadic(rng, 3, 8, 5.0, 2 ** -10, 3), *_affine(rng, 8)]},
        {"name": "variance close to eps",
         "args": [_dyadic(rng, 3, 8, -1.0, 2 ** -8, 1), *_affine(rng, 8)]},
        {"name": "a larger eps given", "args": _random(rng, 3, 4), "kwargs": {"eps": 0.1}},
        {"name": "a smaller eps given, nearly constant rows",
         "args": [_dyadic(rng, 2, 8, 0.5, 2 ** -10, 3), *_affine(rng, 8)], "kwargs": {"eps": 1e-8}},
        {"name": "rows far from zero",
         "args": [_dyadic(rng, 3, 8, 1000.0, 2 ** -6, 64), *_affine(rng, 8)]},
        {"name": "random, 5 rows of 6", "args": base},
        {"name": "a constant added to each row", "args": shifted,
         "checks": [{"kind": "equal_to", "case": "random, 5 rows of 6"}]},
        {"name": "more rows than features", "args": _random(rng, 8, 3)},
        {"name": "square input (4 x 4)", "args": _random(rng, 4, 4, scale=3.0)},
        {"name": "negative gamma", "args": [_matrix(rng, 3, 5), [-1.0, 2.0, -0.5, 1.0, -3.0],
                                            [0.0, 0.5, -0.5, 1.0, 0.0]]},
        {"name": "rows of 1000 features", "args": _random(rng, 2, 1000, scale=2.0, shift=1.0)},
        {"name": "a batch of 200 rows of width 16", "args": _random(rng, 200, 16)},
    ]
