"""Every verdict, end to end through the real process sandbox and the outside judge."""

import dataclasses
import json
from pathlib import Path

import pytest

from graders.challenge.spec import load_challenge
from graders.grading.grade import grade
from graders.grading.prepare import prepare
from graders.verdicts import Verdict

pytestmark = pytest.mark.sandbox
CHALLENGES = Path(__file__).resolve().parents[2] / "challenges"

LESSON_SOLUTION = '''
import math

def attention(Q, K, V):
    d = len(K[0])
    out = []
    for q in Q:
        scores = [sum(a * b for a, b in zip(q, k)) / math.sqrt(d) for k in K]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        weights = [e / sum(exps) for e in exps]
        out.append([sum(w * v[c] for w, v in zip(weights, V)) for c in range(len(V[0]))])
    return out
'''

NUMPY_FLOAT32 = '''
import numpy as np

def attention(Q, K, V):
    Q, K, V = (np.asarray(x, dtype=np.float32) for x in (Q, K, V))
    scores = Q @ K.T / np.sqrt(np.float32(Q.shape[1]))
    scores -= scores.max(axis=1, keepdims=True)
    weights = np.exp(scores)
    weights /= weights.sum(axis=1, keepdims=True)
    return weights @ V
'''


@pytest.fixture(scope="module", params=["process", "docker"])
def sandbox(request, make_sandbox):
    backend = make_sandbox(request.param)
    yield backend
    backend.close()


@pytest.fixture(scope="module")
def challenge(sandbox):
    spec = load_challenge(CHALLENGES / "scaled-dot-product-attention")
    return spec, prepare(spec, sandbox)


def run(challenge, sandbox, code, **overrides):
    spec, prepared = challenge
    return grade(dataclasses.replace(spec, **overrides), prepared, code, sandbox)


def said(test) -> str:
    """Return what a row says before the clause a numerics-tier case adds to a failure."""
    return str(test.message).split("; a numerics case:")[0]


def test_the_lessons_code_is_accepted(challenge, sandbox):
    report = run(challenge, sandbox, LESSON_SOLUTION)
    assert report.verdict == Verdict.ACCEPTED
    assert report.passed == report.total > 10
    lesson = report.tests[0]
    assert not lesson.hidden and lesson.input is not None
    assert [[round(x, 2) for x in row] for row in lesson.got] == [
        [6.02, 3.98], [3.98, 6.02], [5.0, 5.0]]


def test_a_float32_numpy_solution_is_accepted(challenge, sandbox):
    assert run(challenge, sandbox, NUMPY_FLOAT32).verdict == Verdict.ACCEPTED


def test_forgetting_the_scaling_is_a_wrong_answer_that_names_the_bug(challenge, sandbox):
    report = run(challenge, sandbox, LESSON_SOLUTION.replace("/ math.sqrt(d)", ""))
    assert report.verdict == Verdict.WRONG_ANSWER
    assert report.named_mutant == "no_scaling"
    failing = [t for t in report.tests if not t.passed]
    assert all(t.mutant == "no_scaling" for t in failing)
    assert "sqrt" in failing[0].explanation["en"]


def test_hidden_tests_reveal_no_inputs_outputs_or_details(challenge, sandbox):
    report = run(challenge, sandbox, LESSON_SOLUTION.replace("/ math.sqrt(d)", "* 1.5"))
    hidden = [t for t in report.tests if t.hidden]
    assert hidden and all(t.input is None and t.expected is None and t.got is None
                          for t in hidden)
    assert all("difference" not in t.message for t in hidden if not t.passed)


def test_names_come_in_every_language_and_messages_as_codes(challenge, sandbox):
    """The engine speaks no language: authored names by locale, messages as codes and values."""
    report = run(challenge, sandbox, LESSON_SOLUTION.replace("/ math.sqrt(d)", "* 1.5"))
    spec, prepared = challenge
    assert [t.names for t in report.tests] == [c.names for c in prepared.cases]
    assert all(t.names.get("ko") not in (None, t.name) for t in report.tests)
    public = report.tests[1]
    assert public.message.startswith("values differ from the expected output")
    assert public.message.to_data()[0][0] == "values_detail_at"
    tiers = [c.tier for c in prepared.cases]
    failed = [(t, tier) for t, tier in zip(report.tests, tiers, strict=True)
              if t.hidden and not t.passed]
    ordinary = next(t for t, tier in failed if tier != "numerics")
    assert ordinary.message.to_data() == [["values", {}]]  # neither how far off nor where
    numerics = next(t for t, tier in failed if tier == "numerics")
    [[code, values], tier] = numerics.message.to_data()  # how far off and where, no value
    assert code == "relative_error_at" and set(values) == {"error", "at"}
    assert tier == ["numerics_tier", {}]


def test_a_missing_function_is_named(challenge, sandbox):
    report = run(challenge, sandbox, "def attend(Q, K, V):\n    return Q\n")
    assert report.verdict == Verdict.RUNTIME_ERROR
    assert report.message == "the code defines no function named 'attention'"
    assert report.message.to_data() == [["missing_entry_point", {"name": "attention"}]]
    assert report.tests[0].message.to_data() == [["not_run", {}]]


def test_an_exception_is_a_runtime_error_with_its_type(challenge, sandbox):
    report = run(challenge, sandbox, "def attention(Q, K, V):\n    return 1 / 0\n")
    assert report.verdict == Verdict.RUNTIME_ERROR
    assert report.tests[0].error_type == "ZeroDivisionError"
    assert "line 2" in report.tests[0].message
    assert all(t.message.startswith("raised ZeroDivisionError; a numerical breakdown on ")
               for t in report.tests if t.hidden)
    assert report.named_mutant is None and len(report.breakdowns) == len(report.tests)


def test_a_syntax_error_is_a_compilation_error_with_its_line(challenge, sandbox):
    report = run(challenge, sandbox, "def attention(Q, K, V):\n    return [\n")
    assert report.verdict == Verdict.COMPILATION_ERROR
    assert "line 2" in report.message
    assert report.passed == 0


def test_an_endless_loop_is_killed_at_the_wall_clock(challenge, sandbox):
    report = run(challenge, sandbox, "def attention(Q, K, V):\n    while True:\n        pass\n",
                 time_limit=1.5)
    assert report.verdict == Verdict.TIME_LIMIT_EXCEEDED


def test_sleeping_past_the_wall_clock_is_a_time_limit(challenge, sandbox):
    code = "import time\ndef attention(Q, K, V):\n    time.sleep(60)\n"
    assert run(challenge, sandbox, code, time_limit=1.5).verdict == Verdict.TIME_LIMIT_EXCEEDED


def test_allocating_past_the_memory_limit_is_a_memory_limit(challenge, sandbox):
    code = "def attention(Q, K, V):\n    return [0.0] * (10 ** 10)\n"
    assert run(challenge, sandbox, code).verdict == Verdict.MEMORY_LIMIT_EXCEEDED
    code = "import numpy as np\ndef attention(Q, K, V):\n    return np.ones((10 ** 5, 10 ** 5))\n"
    assert run(challenge, sandbox, code).verdict == Verdict.MEMORY_LIMIT_EXCEEDED


def test_growing_past_the_memory_limit_is_a_memory_limit(challenge, sandbox):
    """Docker's OOM killer or the process backend's address-space limit: the same verdict."""
    code = ("def attention(Q, K, V):\n    chunks = []\n    while True:\n"
            "        chunks.append(bytearray(32 * 2**20))\n")
    assert run(challenge, sandbox, code, memory_mb=128).verdict == Verdict.MEMORY_LIMIT_EXCEEDED


def test_flooding_the_output_is_an_output_limit(challenge, sandbox):
    code = "def attention(Q, K, V):\n    while True:\n        print('x' * 10000)\n"
    assert run(challenge, sandbox, code).verdict == Verdict.OUTPUT_LIMIT_EXCEEDED
    code = "def attention(Q, K, V):\n    return [[0.0] * 3000] * 3000\n"
    assert run(challenge, sandbox, code).verdict == Verdict.OUTPUT_LIMIT_EXCEEDED


@pytest.mark.parametrize("exit_call", ["sys.exit(0)", "os._exit(0)"])
def test_exiting_early_never_passes(challenge, sandbox, exit_call):
    code = f"import os, sys\ndef attention(Q, K, V):\n    {exit_call}\n"
    report = run(challenge, sandbox, code)
    assert report.verdict == Verdict.RUNTIME_ERROR
    assert report.passed == 0


def test_fake_results_on_stdout_never_pass(challenge, sandbox):
    code = ("import os, json\n"
            "def attention(Q, K, V):\n"
            "    for fd in (1, 3, 4):\n"
            "        try:\n"
            "            os.write(fd, b'{\"event\": \"end\"}\\nRESULT accepted\\n')\n"
            "        except OSError:\n"
            "            pass\n"
            "    return [[0.0]]\n")
    report = run(challenge, sandbox, code)
    assert report.verdict != Verdict.ACCEPTED and report.passed == 0


SPY = """
import json, sys

def _job():
    frame = sys._getframe(1)
    while frame is not None:
        job = frame.f_locals.get("job")
        if isinstance(job, dict) and "cases" in job:
            return job
        frame = frame.f_back

calls = []

def attention(Q, K, V):
    seen = [json.loads(case)["args"] for case in _job()["cases"]]
    if not calls:
        print("SEEN " + json.dumps(seen))
    calls.append(1)
    leak = type("Leak%d" % len(seen), (Exception,), {})
    raise leak(json.dumps(seen))
"""


def test_hidden_inputs_never_enter_the_box_whose_details_show(challenge, sandbox):
    """The spy reads every input its box holds and tries each way out: message, name, print."""
    spec, prepared = challenge
    report = grade(spec, prepared, SPY, sandbox)
    hidden = [json.dumps(c.args) for c in prepared.cases if not c.public]
    shown = json.dumps([t.message for t in report.tests]) + report.output + report.message
    assert not [args for args in hidden if args in shown]
    seen = json.loads(report.output.split("SEEN ", 1)[1].splitlines()[0])
    assert len(seen) >= 2 and all(c.args in seen for c in prepared.cases if c.public)
    for test in report.tests:
        if test.hidden:
            assert (test.error_type, said(test)) == ("Exception", "raised Exception")
            assert test.seconds is None and test.got is None and test.input is None
    assert report.verdict == Verdict.RUNTIME_ERROR


def test_a_hidden_row_says_a_category_never_a_shape_or_a_number(challenge, sandbox):
    """The wrong shape encodes a hidden value; the row may only say that the shape is wrong."""
    code = "def attention(Q, K, V):\n    return [[0.0] * (7 + len(Q))] * len(K)\n"
    report = run(challenge, sandbox, code)
    hidden = [t for t in report.tests if t.hidden]
    assert hidden and {said(t) for t in hidden} <= {"the output has the wrong shape",
                                                    "output limit exceeded"}
    assert all(t.seconds is None for t in hidden)
    assert any("got" in t.message and "x" in t.message for t in report.tests if not t.hidden)


def test_a_builtin_exception_keeps_its_name_on_hidden_rows(challenge, sandbox):
    report = run(challenge, sandbox, "def attention(Q, K, V):\n    raise KeyError(len(Q))\n")
    assert {(t.error_type, said(t)) for t in report.tests if t.hidden} == {
        ("KeyError", "raised KeyError")}


def test_a_breakdown_is_said_and_names_no_mutant(challenge, sandbox):
    """The global-maximum bug raises ZeroDivisionError in plain Python where the NumPy mutant
    gives NaN: a numerical breakdown, said on its case, which names no bug by itself."""
    global_max = LESSON_SOLUTION.replace(
        "    out = []\n",
        "    out = []\n    top = max(sum(a * b for a, b in zip(q, k)) / math.sqrt(d)"
        " for q in Q for k in K)\n").replace("        top = max(scores)\n", "")
    report = run(challenge, sandbox, global_max)
    assert report.verdict == Verdict.RUNTIME_ERROR
    broken = [t for t in report.tests if t.error_type == "ZeroDivisionError"]
    assert broken and {t.name for t in broken} <= set(report.breakdowns)
    assert all("numerical breakdown on" in t.message and t.mutant is None for t in broken)


def test_a_public_error_keeps_its_trimmed_traceback_and_a_hidden_one_none(challenge, sandbox):
    code = "def attention(Q, K, V):\n    rows = []\n    return rows[len(Q)]\n"
    report = run(challenge, sandbox, code)
    public = [t for t in report.tests if not t.hidden]
    assert public and all(t.line == 3 for t in public)
    assert all(t.traceback.startswith("Traceback") and 'File "solution.py", line 3' in t.traceback
               and "runner" not in t.traceback for t in public)
    assert all(t.traceback is None and t.line is None for t in report.tests if t.hidden)


def test_what_the_code_prints_shows_once_per_example(challenge, sandbox):
    code = LESSON_SOLUTION.replace("def attention(Q, K, V):\n",
                          "def attention(Q, K, V):\n    print('PRINTED')\n", 1)
    report = run(challenge, sandbox, code)
    public = sum(not t.hidden for t in report.tests)
    assert report.verdict == Verdict.ACCEPTED
    assert report.output.count("PRINTED") == public


def test_changing_an_argument_is_a_wrong_answer_said_in_full_on_public_rows_only(challenge,
                                                                                 sandbox):
    code = LESSON_SOLUTION.replace("    return out\n",
                                   "    K.reverse()\n    K.reverse()\n"
                                   "    V[0] = [float(x) for x in V[0]]\n"
                                   "    Q.append(Q[0])\n    Q.pop()\n    return out\n")
    report = run(challenge, sandbox, code)
    assert report.verdict == Verdict.ACCEPTED  # each argument holds what it was given
    report = run(challenge, sandbox, code.replace("    Q.pop()\n", ""))
    assert report.verdict == Verdict.WRONG_ANSWER and report.passed == 0
    public = report.tests[0]
    assert public.error_type == "ChangedArgument" and public.message == (
        "your function changed its argument Q: the inputs are read-only, copy one before "
        "changing it")
    hidden = next(t for t in report.tests if t.hidden)
    assert hidden.message == "your function changed one of its arguments: the inputs are read-only"
    assert run(challenge, sandbox, code.replace("    Q.pop()\n", ""),
               mutable_args=("Q",)).verdict == Verdict.ACCEPTED
