"""Test cases for rms_norm(x, weight, eps=1e-6): public examples first, then hidden edge and
random cases. `eps`, when given, is a keyword."""

import random


def _matrix(rng, rows, cols, scale=1.0, shift=0.0):
    return [[round(shift + rng.gauss(0.0, scale), 4) for _ in range(cols)] for _ in range(rows)]


def _weight(rng, d):
    return [round(1 + rng.gauss(0.0, 0.3), 4) for _ in range(d)]


def _random(rng, n, d, scale=1.0, shift=0.0):
    return [_matrix(rng, n, d, scale, shift), _weight(rng, d)]


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(5772156)
    base = _random(rng, 4, 6)
    return [
        {"name": "one row of four, weight of ones",
         "args": [[[1, 2, 3, 4]], [1, 1, 1, 1]], "public": True},
        {"name": "two rows, weight per feature",
         "args": [[[3, -4], [1, 1]], [2, 0.5]], "public": True},
        {"name": "a single feature per row", "args": [[[3.0], [-0.5], [2.0]], [1.5]]},
        {"name": "a row of zeros", "args": [[[0, 0, 0, 0], [1, -1, 2, 0]], [1, 2, 3, 4]]},
        {"name": "a constant row", "args": [[[2.5, 2.5, 2.5]], [1.0, -1.0, 0.5]]},
        {"name": "rows far from zero (large mean)",
         "args": _random(rng, 3, 5, scale=1.0, shift=10.0)},
        {"name": "tiny rows (mean square close to eps)", "args": _random(rng, 3, 8, scale=0.001)},
        {"name": "a larger eps given", "args": _random(rng, 3, 4, scale=0.3),
         "kwargs": {"eps": 0.01}},
        {"name": "large entries", "args": _random(rng, 3, 6, scale=1000.0)},
        {"name": "random, 4 rows of 6", "args": base},
        {
            "name": "the same rows doubled",
            "args": [[[2 * v for v in row] for row in base[0]], base[1]],
            "checks": [{"kind": "equal_to", "case": "random, 4 rows of 6"}],
        },
        {"name": "more rows than features", "args": _random(rng, 8, 3)},
        {"name": "square input (5 x 5)", "args": _random(rng, 5, 5, scale=2.0)},
        {"name": "negative weights", "args": [_matrix(rng, 2, 4), [-1.0, 0.5, -2.0, 1.0]]},
        {"name": "rows of 1000 features", "args": _random(rng, 2, 1000, scale=0.5, shift=0.2)},
        {"name": "a batch of 200 rows of width 16", "args": _random(rng, 200, 16)},
    ]
