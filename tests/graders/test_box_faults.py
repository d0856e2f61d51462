"""Whatever a box sends, the verdict is the learner's, never the platform's internal error.

A fake sandbox stands in for a box whose runner the learner's code has taken over: it answers
each job with the lines a test gives it. The real boxes are in tests/abuse/.
"""

import json
import math
from pathlib import Path

import pytest

from graders.challenge.prepared import Prepared, PreparedCase
from graders.challenge.spec import load_challenge
from graders.grading.grade import grade
from graders.sandbox.base import Limits, RunOutcome
from graders.verdicts import Verdict

CHALLENGES = Path(__file__).resolve().parents[2] / "challenges"
ROW = [1.0, 2.0, 3.0]
SOFTMAX = [math.exp(x - 3.0) / sum(math.exp(y - 3.0) for y in ROW) for x in ROW]


class ScriptedBox:
    """A sandbox whose box answers with `lines(job)`; it records the jobs and limits it got."""

    name, reason = "scripted", "a test's stand-in"

    def __init__(self, lines):
        self.lines, self.jobs, self.hidden = lines, [], []

    def run(self, job: dict, limits: Limits, hidden: bool = False) -> RunOutcome:
        self.jobs.append((job, limits))
        self.hidden.append(hidden)
        body = b"".join(json.dumps(e).encode() + b"\n" if isinstance(e, dict) else e
                        for e in self.lines(job))
        return RunOutcome(body + b'{"event": "end"}\n', b"", 0)

    def close(self) -> None:
        """Nothing to release."""


@pytest.fixture(scope="module")
def challenge():
    spec = load_challenge(CHALLENGES / "softmax")
    cases = [PreparedCase(f"case {i}", i < 2, [ROW], {}, SOFTMAX) for i in range(4)]
    return spec, Prepared("fake", cases)


def good(job, index):
    return {"event": "result", "case": index, "seconds": 0.001, "output": SOFTMAX}


def grade_with(challenge, fault):
    """Grade with every case answered right except where `fault(index)` gives a line."""
    spec, prepared = challenge
    box = ScriptedBox(lambda job: [fault(i) or good(job, i) for i in range(len(job["cases"]))])
    return grade(spec, prepared, "ignored", box), box


def test_a_right_answer_from_a_scripted_box_is_accepted(challenge):
    report, _ = grade_with(challenge, lambda i: None)
    assert report.verdict == Verdict.ACCEPTED


@pytest.mark.parametrize("line", [
    {"event": "result", "case": 0, "seconds": 10 ** 400, "output": SOFTMAX},
    {"event": "result", "case": 0, "seconds": 0.0, "output": [10 ** 400] * 3},
    {"event": "result", "case": 0, "seconds": 0.0, "error_type": "E", "line": None,
     "message": "m" * 12_000_000},
    b'{"event": "result", "case": 0, "seconds": 0, "output": ' + b"[" * 950 + b"1.0"
    + b"]" * 950 + b"}\n",
    {"event": "result", "case": 0, "seconds": 0.0, "output": SOFTMAX, "verdict": "accepted"},
])
def test_a_malformed_result_is_the_learners_runtime_error(challenge, line):
    report, _ = grade_with(challenge, lambda i: line if i == 0 else None)
    assert report.verdict == Verdict.RUNTIME_ERROR
    assert all(len(t.message) <= 500 for t in report.tests)


def test_an_answer_over_its_allowance_is_the_learners_output_limit(challenge):
    flood = {"event": "result", "case": 0, "seconds": 0.0, "output": [0.5] * 1_500_000}
    report, box = grade_with(challenge, lambda i: flood if i == 0 else None)
    assert report.verdict == Verdict.OUTPUT_LIMIT_EXCEEDED
    assert all(t.got is None or len(t.got) <= 3 for t in report.tests)
    job, limits = box.jobs[0]
    assert job["max_elements"][0] < 1000 and limits.max_stdout_bytes < 100_000


def test_a_box_that_fails_the_platform_raises_for_the_platform_to_record(challenge):
    spec, prepared = challenge

    class BrokenEngine(ScriptedBox):
        def run(self, job, limits, hidden=False):
            raise ConnectionError("the Docker engine went away")

    with pytest.raises(ConnectionError):  # arena.jobs.grading records internal_error
        grade(spec, prepared, "ignored", BrokenEngine(lambda job: []))


def test_hidden_inputs_go_only_to_the_box_whose_details_stay_hidden(challenge):
    spec, prepared = challenge
    box = ScriptedBox(lambda job: [good(job, i) for i in range(len(job["cases"]))])
    grade(spec, prepared, "ignored", box)
    (public_job, _), (hidden_job, _) = box.jobs  # the public box first, then the hidden one
    assert [json.loads(case)["args"] for case in public_job["cases"]] == [
        c.args for c in prepared.cases[:2]]
    assert len(hidden_job["cases"]) == 2 and box.hidden == [False, True]
    grade(spec, prepared, "ignored", box, public_only=True)
    assert len(box.jobs) == 3 and len(box.jobs[-1][0]["cases"]) == 2 and not box.hidden[-1]
