"""The test-strength table and the parallel validation behind `arena challenges validate`."""

import shutil
from pathlib import Path

import pytest

from graders.authoring.validate import (
    MutantCheck,
    Validation,
    strength_table,
    validate,
    validate_all,
)
from graders.challenge.spec import load_challenge
from graders.problems import Problem
from graders.sandbox.base import RunOutcome

CHALLENGES = Path(__file__).resolve().parents[2] / "challenges"


def _caught(count: int, total: int) -> list[MutantCheck]:
    """Return `total` mutant checks, the first `count` of them caught and named."""
    return [MutantCheck(f"m{i}", i < count, i < count, f"m{i}" if i < count else None)
            for i in range(total)]


def test_the_table_has_a_row_per_challenge_its_problems_and_a_total():
    results = [Validation("softmax", [], _caught(5, 5), 5, 2, 17, 0),
               Validation("causal-attention",
                          [Problem("mutant no_mask passes every hidden case", "cases.py")],
                          _caught(6, 7), 7, 2, 18, 2)]
    lines = list(strength_table(results))
    assert "public" in lines[0] and "checked" in lines[0] and "mutants killed" in lines[0]
    assert lines[1].startswith("ok   softmax") and lines[1].endswith("5/5")
    assert lines[2].startswith("FAIL causal-attention") and lines[2].endswith("6/7")
    assert lines[3] == "     - cases.py: mutant no_mask passes every hidden case"
    assert lines[4].split() == ["2", "challenges,", "4", "public", "examples,", "35", "hidden",
                                "cases", "(2", "with", "checks),", "mutants", "killed",
                                "11/12;", "1", "failed"]


class BrokenSandbox:
    name, reason = "broken", "for a test"

    def run(self, job, limits, hidden=False):
        raise OSError("the engine went away")


def test_a_sandbox_failure_fails_its_challenge_only():
    spec = load_challenge(CHALLENGES / "softmax")
    [result] = validate_all([spec], BrokenSandbox())
    assert not result.ok and "internal error" in result.problems[0].message


@pytest.mark.sandbox
def test_a_case_without_a_korean_name_and_a_probe_that_reads_nothing_fail_at_their_lines(tmp_path,
                                                                            make_sandbox):
    folder = shutil.copytree(CHALLENGES / "scaled-dot-product-attention",
                             tmp_path / "scaled-dot-product-attention")
    cases = folder / "cases.py"
    cases.write_text(cases.read_text().replace(
        ',\n                     "ko": "키보다 좁은 밸류(d=8, dv=1)"', "", 1), encoding="utf-8")
    toml = folder / "challenge.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace("replace = 2", "replace = 0"),
                    encoding="utf-8")
    result = validate(load_challenge(folder), make_sandbox("process"))
    assert result.problems == [  # each at its line: the case's name, the probe's table
        Problem("cases without a name in ko (\"name\": {\"en\": ..., \"ko\": ...}): ['values "
                "narrower than keys (d=8, dv=1)']", "cases.py", 79),
        Problem("weights_probe reads no weights (rows summing to 1) from the reference on any "
                "public example", "challenge.toml", 13)]


class StarterOutOfTime:
    """The process sandbox, except that the starter's runs meet a wall clock run out (as a box
    may on a busy machine)."""

    def __init__(self, sandbox, starter: str) -> None:
        self.sandbox, self.starter = sandbox, starter
        self.name, self.reason = sandbox.name, sandbox.reason
        self.memory_per_box = sandbox.memory_per_box

    def run(self, job, limits, hidden=False):
        if job.get("source") == self.starter:
            return RunOutcome(b"", b"", None, timed_out=True)
        return self.sandbox.run(job, limits, hidden=hidden)


@pytest.mark.sandbox
def test_a_starter_that_ran_out_of_time_is_not_proven_rejected(make_sandbox):
    """Only wrong answers prove a starter fails: a wall clock run out could hide a starter
    the cases accept (a zero reference beside a zero starter, say)."""
    spec = load_challenge(CHALLENGES / "softmax")
    result = validate(spec, StarterOutOfTime(make_sandbox("process"), spec.starter))
    assert not result.ok
    assert [p for p in result.problems if p.file == "starter.py"] == [Problem(
        "the starter code ended in time_limit_exceeded, not in wrong answers: validate again, "
        "or make it return quickly", "starter.py", 1)]


def test_a_problem_says_its_file_and_line_first():
    assert str(Problem("cases without a name in ko", "cases.py", 12)) \
        == "cases.py: line 12: cases without a name in ko"
    assert str(Problem("this file is missing", "statement.en.md")) \
        == "statement.en.md: this file is missing"
    assert str(Problem("the archive is empty")) == "the archive is empty"
