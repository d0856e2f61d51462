"""Name the bug: the one known-wrong mutant that explains most of a run's failing tests.

The rule (docs/authoring.md, "How a bug is named"):
1. A mutant explains a failing test when it gave the same output there (within the case's
   tolerance, NaN where the learner has NaN) or raised the same exception type. A numerical
   breakdown is one outcome however it shows: an arithmetic exception (OverflowError,
   ZeroDivisionError, FloatingPointError) matches an output holding NaN or infinity, so that
   a mutant written with NumPy names a list-based learner's bug, and the other way round.
2. It is a candidate only when it explains more than half of the failing tests, and, if any
   of those is an exception, only when it fails the same way (the same exception type, or a
   breakdown) on exactly the same cases as the learner (a shared type alone is no evidence).
3. Among candidates the most explained tests win, then the most explained exactly (not only
   as a breakdown), then the mutant whose own failing cases are most like the learner's
   (Jaccard similarity), then the first name in alphabetical order.
No candidate, no name: a guess that explains a minority of the failures is worse than none.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from graders.challenge.spec import ChallengeSpec
from graders.judging.compare import MalformedOutput, matches, to_array
from graders.judging.judge import Judged


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
        exactly = sum(_explains(spec, row, mutant, exactly=True) for row in explained)
        key = (len(explained), exactly, _similarity(spec, rows, mutant))
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
                row.test.mutant, row.test.explanation = mutant, explanation
    return mutant


#: Exceptions that say the arithmetic broke down, as NaN or infinity in an output would.
ARITHMETIC = frozenset({"OverflowError", "ZeroDivisionError", "FloatingPointError"})
BREAKDOWN = "a numerical breakdown"


def _explains(spec: ChallengeSpec, row: Judged, mutant: str, exactly: bool = False) -> bool:
    """Tell whether the mutant did on this case what the learner's code did (`exactly`: the
    same output or exception, not only both a numerical breakdown)."""
    theirs = row.case.mutant_outputs.get(mutant)
    if row.result is None or theirs is None:
        return False
    if "output" in row.result and "output" in theirs:
        return matches(row.result["output"], theirs["output"], *row.case.tolerance(spec))
    if "output" not in row.result and theirs.get("error_type") == row.result["error_type"]:
        return True
    return not exactly and _failure(row.result) == _failure(theirs) == BREAKDOWN


def _failure(outcome: dict | None) -> str | None:
    """Return how an outcome failed: its exception type, a breakdown, or None for an output."""
    if outcome is None:
        return None
    if "output" in outcome:
        return BREAKDOWN if _not_finite(outcome["output"]) else None
    error = outcome.get("error_type")
    return BREAKDOWN if error in ARITHMETIC else error


def _not_finite(output: object) -> bool:
    """Tell whether an output holds NaN or infinity."""
    try:
        return not np.isfinite(to_array(output)).all()
    except (MalformedOutput, TypeError, ValueError):
        return False


def _same_errors(rows: Sequence[Judged], mutant: str) -> bool:
    """Tell whether the learner and the mutant failed the same way on the same cases."""
    return all(_failure(row.result) == _failure(row.case.mutant_outputs.get(mutant))
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
