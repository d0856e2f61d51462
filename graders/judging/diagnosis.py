"""Name the bug: the one known-wrong mutant that explains most of a run's failing tests.

The rule (docs/authoring.md, "How a bug is named"):
1. A mutant explains a failing test when it gave the same output there (within the case's
   tolerance, NaN where the learner has NaN) or raised the same exception type.
2. It is a candidate only when it explains more than half of the failing tests, and, if any
   of those is an exception, only when it raises the same types on exactly the same cases as
   the learner (a shared exception type alone is no evidence).
3. Among candidates the most explained tests win, then the mutant whose own failing cases are
   most like the learner's (Jaccard similarity), then the first name in alphabetical order.
No candidate, no name: a guess that explains a minority of the failures is worse than none.
"""

from __future__ import annotations

from collections.abc import Sequence

from graders.judging.compare import matches
from graders.judging.judge import Judged
from graders.spec import ChallengeSpec


def diagnose(spec: ChallengeSpec, rows: Sequence[Judged]) -> str | None:
    """Return the name of the mutant the rule above names for these rows, or None."""
    failing = [row for row in rows if not row.test.passed]
    if not failing:
        return None
    best, best_key = None, None
    for mutant in sorted(m.name for m in spec.mutants):
        explained = [row for row in failing if _explains(spec, row, mutant)]
        if 2 * len(explained) <= len(failing):
            continue
        if any("output" not in row.result for row in explained) and not _same_errors(
                rows, mutant):
            continue
        key = (len(explained), _similarity(spec, rows, mutant))
        if best_key is None or key > best_key:
            best, best_key = mutant, key
    return best


def name_bug(spec: ChallengeSpec, rows: Sequence[Judged]) -> str | None:
    """Diagnose, then mark the named bug on every failing row it explains; return its name."""
    mutant = diagnose(spec, rows)
    if mutant is not None:
        explanation = dict(spec.mutant(mutant).explanation)
        for row in rows:
            if not row.test.passed and _explains(spec, row, mutant):
                row.test.mutant, row.test.diagnosis = mutant, explanation
    return mutant


def _explains(spec: ChallengeSpec, row: Judged, mutant: str) -> bool:
    """Tell whether the mutant did on this case what the learner's code did."""
    theirs = row.case.mutant_outputs.get(mutant)
    if row.result is None or theirs is None:
        return False
    if "output" in row.result and "output" in theirs:
        return matches(row.result["output"], theirs["output"], *row.case.tolerance(spec))
    return "output" not in row.result and theirs.get("error_type") == row.result["error_type"]


def _error_of(outcome: dict | None) -> str | None:
    return None if outcome is None or "output" in outcome else outcome.get("error_type")


def _same_errors(rows: Sequence[Judged], mutant: str) -> bool:
    """Tell whether the learner and the mutant raised the same types on the same cases."""
    return all(_error_of(row.result) == _error_of(row.case.mutant_outputs.get(mutant))
               for row in rows if row.result is not None)


def _similarity(spec: ChallengeSpec, rows: Sequence[Judged], mutant: str) -> float:
    """Return the Jaccard similarity of the learner's failing cases and the mutant's."""
    learner = {row.case.name for row in rows if not row.test.passed}
    theirs = {row.case.name for row in rows if _mutant_fails(spec, row, mutant)}
    return len(learner & theirs) / len(learner | theirs) if learner | theirs else 1.0


def _mutant_fails(spec: ChallengeSpec, row: Judged, mutant: str) -> bool:
    outcome = row.case.mutant_outputs.get(mutant)
    return (outcome is None or "output" not in outcome
            or not matches(outcome["output"], row.case.expected, *row.case.tolerance(spec)))
