"""The protocol reads the box's events strictly: every field checked before anything is judged."""

import json

import numpy as np
import pytest

from graders.challenge.prepared import PreparedCase
from graders.protocol import (
    MAX_DEPTH,
    MAX_TEXT,
    call_job,
    encode_call,
    output_allowance,
    parse_run,
    stdout_budget,
)


def lines(*events):
    return b"".join(json.dumps(e).encode() + b"\n" for e in events)


def result(case=0, **fields):
    return {"event": "result", "case": case, "seconds": 0.01, **fields}


def error(case=0, error_type="ValueError", message="ValueError: no", line=3):
    return result(case, error_type=error_type, message=message, line=line)


def test_parse_reads_results_in_order():
    run = parse_run(lines(result(0, output=[1.0]), error(1), {"event": "end"}), [10, 10])
    assert run.results[0]["output"] == [1.0]
    assert run.results[1]["error_type"] == "ValueError"
    assert run.ended and not run.corrupted and not run.too_large


@pytest.mark.parametrize("junk", [
    b"RESULT pass\n",
    b"{\"event\": \"verdict\", \"verdict\": \"accepted\"}\n",
    b"\x80\xff\n",
    b"[1, 2]\n",
    b"{\"event\": \"result\", \"case\": 5, \"seconds\": 0, \"output\": 1}\n",
    b"\x80\x04\x95pickle-bytes\n",
])
def test_parse_stops_at_anything_unexpected(junk):
    run = parse_run(lines(result(0, output=1.0)) + junk
                    + lines(result(1, output=1.0), {"event": "end"}), [10, 10])
    assert run.corrupted
    assert len(run.results) == 1
    assert not run.ended


def test_parse_refuses_lines_after_the_end():
    run = parse_run(lines({"event": "end"}, result(0, output=1.0)))
    assert run.corrupted and run.results == []


def test_parse_spells_out_non_finite_numbers():
    run = parse_run(b'{"event": "result", "case": 0, "seconds": 0, '
                    b'"output": [NaN, Infinity, -Infinity]}\n', [3])
    output = run.results[0]["output"]
    assert np.isnan(output[0]) and output[1] == np.inf and output[2] == -np.inf


def test_parse_refuses_other_constants():
    assert parse_run(b'{"event": "result", "case": 0, "seconds": 0, "output": nan}\n').corrupted


def nested(depth):
    value = 1.0
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("event", [
    result(seconds=10 ** 400),                      # a patched timer: a float() would overflow
    result(seconds=float("nan"), output=1.0),
    result(seconds=-1, output=1.0),
    result(seconds=True, output=1.0),
    result(seconds="0.1", output=1.0),
    result(output=[10 ** 400]),                     # an int no float holds
    result(output=[1.0, "2"]),
    result(output={"a": 1.0}),
    result(output=[True]),
    result(output=nested(MAX_DEPTH + 1)),
    result(output=nested(950)),                     # deep enough to hurt a recursive encoder
    error(message="x" * (MAX_TEXT + 1)),
    error(message=12 * 1024 * 1024 * "m"),
    error(error_type="not a name"),
    error(error_type=7),
    error(line=-1),
    error(line="3"),
    {**result(output=1.0), "passed": True},        # a field the schema does not know
    {"event": "result", "case": 0, "output": 1.0},  # a field missing
    {"event": "load_error", "error_type": "ValueError", "message": "x" * 10_000, "line": None},
    {"event": "end", "verdict": "accepted"},
])
def test_an_event_that_breaks_the_schema_corrupts_the_run(event):
    run = parse_run(lines(event, {"event": "end"}), [10])
    assert run.corrupted and not run.too_large
    assert run.results == [] and run.load_error is None and not run.ended


def test_a_deep_json_line_is_refused_without_recursing():
    run = parse_run(b'{"event": "result", "case": 0, "seconds": 0, "output": '
                    + b"[" * 100_000 + b"]" * 100_000 + b"}\n", [10])
    assert run.corrupted


def test_an_output_over_its_allowance_is_too_large():
    run = parse_run(lines(result(0, output=[1.0] * 10), result(1, output=[1.0] * 11)), [10, 10])
    assert run.too_large and not run.corrupted
    assert len(run.results) == 1


def test_many_empty_lists_count_against_the_allowance():
    run = parse_run(lines(result(0, output=[[]] * 1000)), [100])
    assert run.too_large


def test_the_deepest_allowed_output_passes():
    run = parse_run(lines(result(0, output=nested(MAX_DEPTH))), [1])
    assert not run.corrupted and run.results[0]["output"] == nested(MAX_DEPTH)


def test_an_allowance_leaves_room_for_a_wrong_shape_not_for_a_flood():
    expected = [[0.0] * 4] * 3
    assert output_allowance(expected) >= 4 * 12
    assert output_allowance(expected) < 1000


def test_the_stdout_budget_grows_with_the_allowances():
    small, large = stdout_budget([10]), stdout_budget([10, 10_000])
    assert small < large
    assert large >= 10_000 * len(json.dumps(-1.2345678901234567e-300) + ", ")


def test_a_call_job_carries_each_cases_allowance_and_the_limits():
    job = call_job("def f(x): return x", "f", [{"args": [1], "kwargs": {}}], "s.py", [7])
    assert job["max_elements"] == [7]
    assert job["max_depth"] == MAX_DEPTH and job["max_text"] == MAX_TEXT
    assert json.loads(job["cases"][0]) == {"args": [1], "kwargs": {}}


def test_a_prepared_cases_call_is_encoded_once_and_carried_as_is():
    case = PreparedCase(name="a", public=False, args=[[1.5, -2.0]], kwargs={"axis": 0},
                        expected=[0.5, 0.5])
    assert case.call is case.call  # kept: a decoded version's cases serve every submission
    from_case = call_job("def f(x, axis): return x", "f", [case.call], "s.py", [case.allowance])
    from_inputs = call_job("def f(x, axis): return x", "f", [case.inputs()], "s.py",
                           [case.allowance])
    assert from_case == from_inputs
    assert json.loads(from_case["cases"][0]) == {"args": [[1.5, -2.0]], "kwargs": {"axis": 0}}
    assert encode_call(case.inputs()) == case.call


def test_a_case_names_a_known_tier_or_none():
    def cases(**extra):
        event = {"event": "cases", "cases": [{"name": "a", "args": [], "kwargs": {}, **extra}]}
        return parse_run(json.dumps(event).encode() + b"\n")

    assert cases(tier="numerics").cases[0]["tier"] == "numerics"
    assert "tier" not in cases().cases[0]
    broken = cases(tier="fast")
    assert broken.corrupted and "tier must be one of ['core', 'numerics']" in broken.violation
