"""The in-sandbox runner turns outputs into plain data and refuses everything else."""

import importlib.util
import json
import subprocess
import sys

import numpy as np
import pytest

from graders.bounds import MAX_CELL_SHOWN
from graders.protocol import call_job, cases_job, parse_run, script_job
from graders.sandbox.base import RUNNER_PATH

spec = importlib.util.spec_from_file_location("arena_runner", RUNNER_PATH)
runner = importlib.util.module_from_spec(spec)
spec.loader.exec_module(runner)


def data(value):
    return runner.to_data(value, [2_000_000])


def test_lists_tuples_and_arrays_become_lists_of_floats():
    assert data([(1, 2), [3.5, True]]) == [[1.0, 2.0], [3.5, 1.0]]
    assert data(np.arange(4, dtype=np.int64).reshape(2, 2)) == [[0.0, 1.0], [2.0, 3.0]]
    assert data(np.float32(0.5)) == 0.5
    assert data([np.float32(0.25), np.float64(2.0)]) == [0.25, 2.0]


def test_float32_arrays_keep_their_exact_values():
    value = np.asarray([0.1, 1 / 3], dtype=np.float32)
    assert data(value) == [float(v) for v in value]


class LyingFloat(float):
    def __eq__(self, other):
        return True

    def __float__(self):
        return 42.0

    def __repr__(self):
        return "1.0"


class LyingInt(int):
    def __int__(self):
        return 42


class LyingList(list):
    def __iter__(self):
        return iter([42.0])


def test_subclasses_cannot_lie_about_their_value():
    assert data(LyingFloat(0.5)) == 0.5
    assert data(LyingInt(3)) == 3.0
    assert data(LyingList([1.0, 2.0])) == [1.0, 2.0]


class ArrayLike:
    def __array__(self, dtype=None, copy=None):
        return np.ones(3)


@pytest.mark.parametrize("value", [
    ArrayLike(), "1.0", None, {"a": 1}, {1.0}, 1 + 2j, np.array(["a"]), np.array([1j]),
    np.array([object()], dtype=object),
])
def test_anything_else_is_refused(value):
    with pytest.raises(runner.UnsupportedOutput):
        data(value)


def test_huge_or_deep_outputs_are_refused():
    with pytest.raises(runner.UnsupportedOutput):
        data(np.zeros(2_000_000 + 1))
    with pytest.raises(runner.UnsupportedOutput):
        data([[0.0] * 1000] * (2_000_000 // 1000 + 1))
    deep = 1.0
    for _ in range(runner.LIMITS["max_depth"] + 2):
        deep = [deep]
    with pytest.raises(runner.UnsupportedOutput):
        data(deep)


def run_job(job):
    """Run the runner without a sandbox: only for checking its own protocol."""
    done = subprocess.run([sys.executable, "-I", str(RUNNER_PATH)], input=json.dumps(job).encode(),
                          capture_output=True, timeout=60)
    return [json.loads(line) for line in done.stdout.splitlines()], done.stderr


def call(source, *cases, entry="f"):
    return call_job(source, entry, [{"args": list(c), "kwargs": {}} for c in cases],
                    "solution.py", [2_000_000] * len(cases))


def test_prints_go_to_stderr_and_results_to_stdout():
    events, stderr = run_job(call("def f(x):\n    print('RESULT pass')\n    return x\n", [[1]]))
    assert events == [{"event": "result", "case": 0, "seconds": events[0]["seconds"],
                       "output": [1.0]}, {"event": "end"}]
    assert b"RESULT pass" in stderr


def test_syntax_errors_are_reported_with_their_line():
    events, _ = run_job(call("def f(x):\n    return (x\n", [1]))
    assert events[0]["event"] == "compile_error" and events[0]["line"] == 2


def test_errors_name_their_type_and_the_learners_line():
    events, _ = run_job(call("def f(x):\n    return x[5]\n", [[1]]))
    assert events[0]["error_type"] == "IndexError" and events[0]["line"] == 2
    assert "line 2" in events[0]["message"]


def test_a_missing_entry_point_and_exit_at_import_are_load_errors():
    events, _ = run_job(call("def g(x):\n    return x\n", [[1]]))
    assert events[0] == {"event": "load_error", "error_type": "MissingEntryPoint", "line": None,
                         "message": "the code defines no function named 'f'"}
    events, _ = run_job(call("raise SystemExit(0)\n", [1]))
    assert events[0]["event"] == "load_error" and events[0]["error_type"] == "SystemExit"


def test_each_case_gets_fresh_inputs():
    source = "def f(x):\n    x.append(9.0)\n    return x\n"
    events, _ = run_job(call(source, [[1.0]], [[1.0]]))
    assert events[0]["output"] == events[1]["output"] == [1.0, 9.0]


def test_cases_mode_returns_generated_cases_as_data():
    source = ("import numpy as np\n"
              "def cases():\n"
              "    return [{'name': 'a', 'public': True, 'args': [np.eye(2), [True, False]]},\n"
              "            {'name': {'en': 'b', 'ko': '비'}, 'args': []}]\n")
    events, _ = run_job(cases_job(source))
    assert events[0]["cases"] == [
        {"name": "a", "public": True, "kwargs": {}, "checks": [], "names": {},
         "args": [[[1.0, 0.0], [0.0, 1.0]], [True, False]]},
        {"name": "b", "public": False, "kwargs": {}, "checks": [], "names": {"ko": "비"},
         "args": []},
    ]


def test_a_script_job_sends_its_prints_and_a_traceback_of_its_own_frames():
    source = ("import json\nprint('hello', __name__)\n\ndef f(x):\n    return json.loads(x)\n\n"
              "f('{not json')\n")
    events, stderr = run_job(script_job(source, "cell.py"))
    assert [e["event"] for e in events] == ["script", "end"]
    script = parse_run(b"\n".join(json.dumps(e).encode() for e in events)).script
    assert script == {"stdout": "hello __main__\n", "stdout_truncated": False,
                      "error_type": "JSONDecodeError", "line": 5}
    text = stderr.decode()
    assert 'File "cell.py", line 7, in <module>' in text and 'File "cell.py", line 5, in f' in text
    assert "return json.loads(x)" in text  # the cell's own source line is shown
    assert "runner.py" not in text and "json/decoder.py" not in text
    assert text.rstrip().endswith("line 1 column 2 (char 1)")


def test_a_script_job_keeps_a_bounded_stdout_and_says_it_cut_it():
    events, _ = run_job(script_job("print('x' * 100_000)\nimport sys\nsys.exit(0)\n",
                                   "cell.py"))
    assert len(events[0]["stdout"]) == MAX_CELL_SHOWN and events[0]["stdout_truncated"]
    assert events[0]["error_type"] is None


def test_a_script_event_is_checked_field_by_field():
    good = {"event": "script", "stdout": "1\n", "stdout_truncated": False, "error_type": None,
            "line": None}
    for bad in ({**good, "stdout": "x" * (MAX_CELL_SHOWN + 1)}, {**good, "extra": 1},
                {**good, "stdout_truncated": "no"}, {**good, "error_type": "not a name"}):
        parsed = parse_run(json.dumps(bad).encode())
        assert parsed.corrupted and parsed.script is None
    assert parse_run(json.dumps(good).encode()).script["stdout"] == "1\n"
def test_a_traceback_keeps_the_learners_frames_only():
    source = "import json\ndef helper(x):\n    return x[5]\ndef f(x):\n    return helper(x)\n"
    events, _ = run_job(call(source, [[1]]))
    trace = events[0]["traceback"]
    assert trace.startswith("Traceback (most recent call last):\n")
    assert 'File "solution.py", line 5, in f' in trace and "return helper(x)" in trace
    assert 'File "solution.py", line 3, in helper' in trace and "return x[5]" in trace
    assert trace.rstrip().endswith("IndexError: list index out of range")
    assert "runner" not in trace and RUNNER_PATH.name not in trace
    assert events[0]["line"] == 3


def test_a_traceback_through_a_library_shows_no_library_frame():
    source = "import json\ndef f(x):\n    return json.loads(x)\n"
    events, _ = run_job(call(source, ["{"]))
    trace = events[0]["traceback"]
    assert 'File "solution.py", line 3, in f' in trace
    files = [line for line in trace.splitlines() if line.strip().startswith("File ")]
    assert files == ['  File "solution.py", line 3, in f']


def test_deep_recursion_keeps_a_bounded_traceback():
    events, _ = run_job(call("def f(x):\n    return f(x)\n", [1]))
    trace = events[0]["traceback"]
    assert events[0]["error_type"] == "RecursionError"
    assert "more calls above" in trace and 1 <= trace.count("in f") <= runner.SHOWN_FRAMES
    assert len(trace) <= call("", [1])["max_traceback"]


def test_a_load_error_has_its_traceback():
    events, _ = run_job(call("x = []\ny = x[1]\ndef f(x):\n    return x\n", [1]))
    assert events[0]["event"] == "load_error" and events[0]["line"] == 2
    assert 'File "solution.py", line 2, in <module>' in events[0]["traceback"]


def test_prints_of_the_calls_after_the_printed_ones_are_dropped():
    job = call("def f(x):\n    print('called with', x)\n    return x\n", [1], [2], [3])
    job["printed"] = 1
    events, stderr = run_job(job)
    assert [e.get("output") for e in events[:3]] == [1.0, 2.0, 3.0]
    assert stderr.decode().count("called with") == 1


ARGUMENTS = {"names": ["K", "cache"], "mutable": ["cache"]}


def guarded(source, *cases):
    job = call(source, *cases)
    return {**job, "arguments": ARGUMENTS}


@pytest.mark.parametrize("body", [
    "K[0][0] = 5.0", "K.append([1.0])", "K[0].append(1.0)", "K[0][0] = int(K[0][0])  # same",
    "K[0][0] = True", "import numpy as np\n    K[0][0] = np.float64(K[0][0])"])
def test_a_call_that_changes_a_read_only_argument_fails_naming_it(body):
    source = f"def f(K, cache):\n    {body}\n    return [1.0]\n"
    events, _ = run_job(guarded(source, [[[2.0]], []]))
    if body.endswith("# same"):  # a number put back as the same number is no change
        assert events[0]["output"] == [1.0]
    else:
        assert events[0] == {"event": "result", "case": 0, "seconds": events[0]["seconds"],
                             "error_type": "ChangedArgument", "message": "K", "line": None}


def test_a_mutable_argument_may_change_and_nan_stays_nan():
    source = "def f(K, cache):\n    cache.append([K[0][0]])\n    return [1.0]\n"
    events, _ = run_job(guarded(source, [[[float("nan")]], []]))
    assert events[0]["output"] == [1.0]


def test_without_arguments_nothing_is_checked():
    events, _ = run_job(call("def f(K):\n    K.append(1.0)\n    return K\n", [[2.0]]))
    assert events[0]["output"] == [2.0, 1.0]


def test_numpys_private_casting_error_is_named_as_its_public_class():
    source = ("import numpy as np\n"
              "def f(x):\n"
              "    out = np.zeros(2, dtype=int)\n"
              "    np.add(out, np.array(x), out=out)\n"
              "    return out\n")
    events, _ = run_job(call(source, [[0.5, 1.5]]))
    assert events[0]["error_type"] == "UFuncTypeError"
    assert events[0]["message"].startswith("UFuncTypeError: Cannot cast ufunc 'add' output")


def test_a_case_keeps_its_tier():
    source = ("def cases():\n"
              "    return [{'name': 'a', 'args': [], 'tier': 'numerics'}]\n")
    events, _ = run_job(cases_job(source))
    assert events[0]["cases"][0]["tier"] == "numerics"
