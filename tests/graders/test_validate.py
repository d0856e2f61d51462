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
def test_a_case_without_a_korean_name_and_a_probe_that_reads_nothing_fail(tmp_path,
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
    assert result.problems == [
        Problem("cases without a name in ko (\"name\": {\"en\": ..., \"ko\": ...}): ['values "
                "narrower than keys (d=8, dv=1)']", "cases.py"),
        Problem("weights_probe reads no weights (rows summing to 1) from the reference on any "
                "public example", "challenge.toml")]
