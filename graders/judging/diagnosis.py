"""Name the bug: the one known-wrong mutant whose outputs the learner's match, and only then.

The rule (docs/authoring.md, "How a bug is named"):
1. A failing case where the learner's arithmetic broke down (NaN or infinity where the
   expected output is finite, or an OverflowError, ZeroDivisionError or FloatingPointError) is
   a *breakdown*: its own category, said on that case, never evidence for any mutant. A
   breakdown shows no more than that some value left the range: many different bugs end so.
2. A mutant is a candidate when the learner's other failing cases (at least one) are each
   explained by it (the same output within the case's tolerance, or the same exception type)
   and no case contradicts it: on every case the learner passed, the mutant passed too.
   Cases that never ran are no evidence either way.
3. Among candidates, the mutant whose own failing cases are most like the learner's wins
   (Jaccard similarity), then the one that broke down the same way as the learner on more
   of the learner's breakdowns (the same exception type, or both NaN or infinity), then the
   first name in alphabetical order.
No candidate, no name: a guess is worse than none.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from graders.challenge.spec import ChallengeSpec
from graders.judging.compare import MalformedOutput, matches, to_parts
from graders.judging.judge import Judged
from graders.messages import Text, Words, join

#: Exceptions that say the arithmetic broke down, as NaN or infinity in an output would.
ARITHMETIC = frozenset({"OverflowError", "ZeroDivisionError", "FloatingPointError"})
#: What validation records for a mutant that is caught only as a breakdown.
BREAKDOWN = "numerical breakdown"


def diagnose(spec: ChallengeSpec, rows: Sequence[Judged]) -> str | None:
    """Return the name of the mutant the rule above names for these rows, or None."""
    evidence = [row for row in rows if row.result is not None]
    failing = [row for row in evidence if not row.test.passed and not breaks_down(row)]
    if not failing:
        return None
    broken = [row for row in evidence if not row.test.passed and breaks_down(row)]
    passing = [row for row in evidence if row.test.passed]
    best, best_key = None, None
    for mutant in sorted(m.name for m in spec.mutants):
        if not all(_explains(spec, row, mutant) for row in failing):
            continue
        if any(_mutant_fails(spec, row, mutant) for row in passing):
            continue
        key = (_similarity(spec, rows, mutant),
               sum(_explains(spec, row, mutant) for row in broken))
        if best_key is None or key > best_key:
            best, best_key = mutant, key
    return best


def name_bug(spec: ChallengeSpec, rows: Sequence[Judged]) -> tuple[str | None, list[str]]:
    """Say each breakdown on its row, name the bug (if any) on every failing row it explains,
    and end a failing numerics-tier row saying what kind of case it is; return the bug's name
    and the names of the cases that broke down."""
    broken = [row for row in rows if not row.test.passed and breaks_down(row)]
    for row in broken:
        case = Words.of({**row.case.names, "en": row.case.name})
        row.test.message = join([row.test.message, Text("breakdown", case=case)])
    mutant = diagnose(spec, rows)
    if mutant is not None:
        explanation = dict(spec.mutant(mutant).explanation)
        for row in rows:
            if not row.test.passed and not breaks_down(row) and _explains(spec, row, mutant):
                row.test.mutant, row.test.explanation = mutant, explanation
    for row in rows:
        if not row.test.passed and row.case.tier == "numerics":
            row.test.message = join([row.test.message, Text("numerics_tier")])
    return mutant, [row.case.name for row in broken]


def breaks_down(row: Judged) -> bool:
    """Tell whether the learner's arithmetic broke down on this case."""
    if row.result is None:
        return False
    outcome, expected = row.result, row.case.expected
    if "output" not in outcome:
        return outcome.get("error_type") in ARITHMETIC
    try:
        got, want = to_parts(outcome["output"]), to_parts(expected)
    except (MalformedOutput, TypeError, ValueError):
        return False
    if [g.shape for g in got] != [w.shape for w in want]:
        return not all(np.isfinite(g).all() for g in got)
    return any(bool((~np.isfinite(g) & np.isfinite(w)).any())
               for g, w in zip(got, want, strict=True))


def _explains(spec: ChallengeSpec, row: Judged, mutant: str) -> bool:
    """Tell whether the mutant did on this case what the learner's code did."""
    theirs = row.case.mutant_outputs.get(mutant)
    if theirs is None:
        return False
    if "output" in row.result and "output" in theirs:
        return matches(row.result["output"], theirs["output"], *row.case.tolerance(spec))
    return "output" not in row.result and theirs.get("error_type") == row.result["error_type"]


def _similarity(spec: ChallengeSpec, rows: Sequence[Judged], mutant: str) -> float:
    """Return the Jaccard similarity of the learner's failing cases and the mutant's."""
    learner = {row.case.name for row in rows if not row.test.passed}
    theirs = {row.case.name for row in rows if _mutant_fails(spec, row, mutant)}
    return len(learner & theirs) / len(learner | theirs) if learner | theirs else 1.0


def _mutant_fails(spec: ChallengeSpec, row: Judged, mutant: str) -> bool:
    outcome = row.case.mutant_outputs.get(mutant)
    return (outcome is None or "output" not in outcome
            or not matches(outcome["output"], row.case.expected, *row.case.tolerance(spec)))

