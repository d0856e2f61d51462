"""Test cases for positional_encoding(seq_len, d_model): public examples first, then hidden
cases. The inputs are two integers; the outputs are the whole table."""


def cases():
    """Return every case (nothing random: the sizes are the test)."""
    return [
        {"name": "four positions, width 4", "name_ko": "위치 4개, 폭 4",
         "args": [4, 4], "public": True},
        {"name": "three positions, odd width 5", "name_ko": "위치 3개, 홀수 폭 5",
         "args": [3, 5], "public": True},
        {"name": "a single position", "name_ko": "위치 하나", "args": [1, 8]},
        {"name": "width 1 (one sine column)", "name_ko": "폭 1 (사인 열 하나)", "args": [5, 1]},
        {"name": "width 2 (one pair)", "name_ko": "폭 2 (쌍 하나)", "args": [6, 2]},
        {"name": "width 3", "name_ko": "폭 3", "args": [4, 3]},
        {"name": "odd width 7", "name_ko": "홀수 폭 7", "args": [10, 7]},
        {"name": "odd width 33", "name_ko": "홀수 폭 33", "args": [20, 33]},
        {"name": "more columns than positions", "name_ko": "위치보다 열이 많은 경우",
         "args": [3, 64]},
        {"name": "six positions, width 16", "name_ko": "위치 6개, 폭 16", "args": [6, 16]},
        {
            "name": "ten positions, width 16",
            "name_ko": "위치 10개, 폭 16",
            "args": [10, 16],
            "checks": [{"kind": "same_rows_as", "case": "six positions, width 16", "rows": [0, 6]}],
        },
        {"name": "twelve positions, width 10", "name_ko": "위치 12개, 폭 10", "args": [12, 10]},
        {"name": "100 positions, width 64", "name_ko": "위치 100개, 폭 64", "args": [100, 64]},
        {"name": "50 positions, width 128", "name_ko": "위치 50개, 폭 128", "args": [50, 128]},
        {"name": "1000 positions, width 4", "name_ko": "위치 1000개, 폭 4", "args": [1000, 4]},
        {"name": "1000 positions, odd width 5", "name_ko": "위치 1000개, 홀수 폭 5",
         "args": [1000, 5]},
    ]
