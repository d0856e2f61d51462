"""Test cases for scaled_scores(Q, K): public examples first, then hidden edge and random cases."""

import random


def _matrix(rng, rows, cols, scale=1.0):
    return [[round(rng.gauss(0.0, scale), 4) for _ in range(cols)] for _ in range(rows)]


def _int_matrix(rng, rows, cols, low, high):
    return [[rng.randint(low, high) for _ in range(cols)] for _ in range(rows)]


def cases():
    """Return every case; random matrices come from a fixed seed, so the list never changes."""
    rng = random.Random(424242)
    lesson = [[1, 0], [0, 1], [1, 1]]
    zero_query = _matrix(rng, 3, 4)
    zero_query[1] = [0.0, 0.0, 0.0, 0.0]
    return [
        {
            "name": "lesson example: three tokens of width 2",
            "args": [lesson, lesson],
            "public": True,
        },
        {
            "name": "two queries, three keys, width 4",
            "args": [[[1, 0, 2, -1], [0, 3, 1, 1]], [[2, 1, 0, 1], [1, -1, 1, 0], [0, 0, 1, 2]]],
            "public": True,
        },
        {
            "name": "a single query and a single key",
            "args": [[[3.0, -1.0, 2.0]], [[0.5, 2.0, -1.5]]],
        },
        {"name": "vectors of width 1", "args": [[[2.0], [-1.0], [0.5]], [[3.0], [1.5]]]},
        {"name": "more keys than queries", "args": [_matrix(rng, 2, 3), _matrix(rng, 5, 3)]},
        {"name": "more queries than keys", "args": [_matrix(rng, 6, 5), _matrix(rng, 2, 5)]},
        {"name": "a query of zeros", "args": [zero_query, _matrix(rng, 5, 4)]},
        {
            "name": "negative integer entries",
            "args": [_int_matrix(rng, 3, 3, -9, -1), _int_matrix(rng, 4, 3, -9, 9)],
        },
        {"name": "square but not symmetric", "args": [_matrix(rng, 4, 4), _matrix(rng, 4, 4)]},
        {"name": "wide vectors (width 64)", "args": [_matrix(rng, 3, 64), _matrix(rng, 4, 64)]},
        {
            "name": "large entries, scores in the thousands",
            "args": [_int_matrix(rng, 3, 16, -100, 100), _int_matrix(rng, 5, 16, -100, 100)],
        },
        {"name": "1000 keys", "args": [_matrix(rng, 3, 8), _matrix(rng, 1000, 8)]},
        {
            "name": "random, 5 queries, 7 keys, width 3",
            "args": [_matrix(rng, 5, 3), _matrix(rng, 7, 3)],
        },
        {
            "name": "random, 8 queries, 8 keys, width 16",
            "args": [_matrix(rng, 8, 16), _matrix(rng, 8, 16)],
        },
        {
            "name": "random, 1 query, 6 keys, width 2",
            "args": [_matrix(rng, 1, 2, 2.0), _matrix(rng, 6, 2, 2.0)],
        },
    ]
