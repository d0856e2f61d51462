"""Test cases for positional_encoding(seq_len, d_model): public examples first, then hidden
cases. The inputs are two integers; the outputs are the whole table."""


def cases():
    """Return every case (nothing random: the sizes are the test)."""
    return [
        {"name": {"en": "four positions, width 4", "ko": "위치 4개, 폭 4"},
         "args": [4, 4], "public": True},
        {"name": {"en": "three positions, odd width 5", "ko": "위치 3개, 홀수 폭 5"},
         "args": [3, 5], "public": True},
        {"name": {"en": "a single position", "ko": "위치 하나"}, "args": [1, 8]},
        {"name": {"en": "width 1 (one sine column)", "ko": "폭 1 (사인 열 하나)"}, "args": [5, 1]},
        {"name": {"en": "width 2 (one pair)", "ko": "폭 2 (쌍 하나)"}, "args": [6, 2]},
        {"name": {"en": "width 3", "ko": "폭 3"}, "args": [4, 3]},
        {"name": {"en": "odd width 7", "ko": "홀수 폭 7"}, "args": [10, 7]},
        {"name": {"en": "odd width 33", "ko": "홀수 폭 33"}, "args": [20, 33]},
        {"name": {"en": "more columns than positions", "ko": "위치보다 열이 많은 경우"},
         "args": [3, 64]},
        {"name": {"en": "six positions, width 16", "ko": "위치 6개, 폭 16"}, "args": [6, 16]},
        {
            "name": {"en": "ten positions, width 16", "ko": "위치 10개, 폭 16"},
            "args": [10, 16],
            "checks": [{"kind": "same_rows_as", "case": "six positions, width 16", "rows": [0, 6]}],
        },
        {"name": {"en": "twelve positions, width 10", "ko": "위치 12개, 폭 10"}, "args": [12, 10]},
        {"name": {"en": "100 positions, width 64", "ko": "위치 100개, 폭 64"}, "args": [100, 64]},
        {"name": {"en": "50 positions, width 128", "ko": "위치 50개, 폭 128"}, "args": [50, 128]},
        {"name": {"en": "1000 positions, width 4", "ko": "위치 1000개, 폭 4"}, "args": [1000, 4]},
        {"name": {"en": "1000 positions, odd width 5", "ko": "위치 1000개, 홀수 폭 5"},
         "args": [1000, 5]},
        # Width 2 has one angle, pos * 1: an exact integer in float32 too.
        {"name": {"en": "3000 positions, width 2", "ko": "위치 3000개, 폭 2"},
         "args": [3000, 2], "tier": "numerics"},
    ]
