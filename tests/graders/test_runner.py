"""The in-sandbox runner turns outputs into plain data and refuses everything else."""

import importlib.util
import json
import subprocess
import sys

import numpy as np
import pytest

from graders.protocol import call_job, cases_job
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
