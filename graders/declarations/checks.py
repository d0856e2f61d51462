"""Case checks: properties that cases.py attaches to one case, often relating it to another.

Each check compares the learner's own outputs (on this case, on another case, or with an
input), not the reference's: "changing later tokens leaves earlier outputs unchanged" holds
for any correct answer. Messages reveal no numbers, so they are shown on hidden tests too.
A check's kind is a declared property (graders.declarations.properties) or a relation: one
class below, which says what a declared check of its kind must look like (enforced when a
version is prepared: an authoring mistake fails preparation instead of failing learners),
how it is evaluated, and its message (its kind's template in graders.messages).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from graders.declarations.properties import PROPERTIES
from graders.messages import Text, Words

NO_OUTPUT = Text("no_compared_output")


@dataclass(frozen=True)
class CheckFailure:
    """A check that does not hold: a message safe for hidden tests, and numbers for public."""

    message: Text
    detail: Text | None = None
    case: str | None = None

#: Each relation by its kind, in the order of their classes below.
RELATIONS: dict[str, Relation] = {}


class Relation:
    """A kind of check relating a case's output to another case's or to an input; a subclass
    with a `kind` registers itself. `other_case`: a check of this kind names another case."""

    kind: ClassVar[str]
    other_case: ClassVar[bool] = False

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        RELATIONS[cls.kind] = cls()

    @property
    def message(self) -> Text:
        """What a failed check of this kind says when its author wrote nothing."""
        return Text(self.kind)

    def declaration_problem(self, check: dict, own: int, other: int, case: dict) -> str | None:
        """Say what is wrong with a declared check, given the rows of this case's output and
        of the other case's (0 when it names none); None when nothing is."""
        raise NotImplementedError

    def differs(self, check: dict, got: np.ndarray, other: np.ndarray | None, args: list,
                rtol: float, atol: float) -> Text | None:
        """Return None when the check holds for the output `got`, else how far it is off."""
        raise NotImplementedError


def _ints(value: object, length: int | None = None) -> bool:
    return (isinstance(value, list) and all(type(v) is int for v in value)
            and (length is None or len(value) == length))


def _differ(a: np.ndarray, b: np.ndarray, rtol: float, atol: float) -> Text | None:
    """Return None when two arrays agree within tolerance, else how far apart they are."""
    if a.shape != b.shape:
        return Text("shapes_differ", a=str(a.shape), b=str(b.shape))
    close = np.isclose(a, b, rtol=rtol, atol=atol, equal_nan=True)
    if close.all():
        return None
    where = np.unravel_index(int(np.argmin(close)), close.shape) if close.ndim else ()
    with np.errstate(invalid="ignore"):
        gaps = np.abs(a - b)[~close]  # NaN where only one side is NaN: said as nan
    error = np.nanmax(gaps) if not np.isnan(gaps).all() else np.nan
    return Text("difference_at", error=f"{error:.3g}", at=str(list(map(int, where))))


class SameRowsAs(Relation):
    """Rows `start..stop-1` of this output equal the same rows of the output on `case`."""

    kind, other_case = "same_rows_as", True

    def declaration_problem(self, check: dict, own: int, other: int, case: dict) -> str | None:
        span = check.get("rows")
        if _ints(span, 2) and 0 <= span[0] < span[1] <= min(own, other):
            return None
        return f"same_rows_as needs rows [start, stop] within both outputs, not {span!r}"

    def differs(self, check: dict, got: np.ndarray, other: np.ndarray | None, args: list,
                rtol: float, atol: float) -> Text | None:
        start, stop = check["rows"]
        return _differ(got[start:stop], other[start:stop], rtol, atol)


class EqualTo(Relation):
    """This output equals the output on `case`; the author says why in the check's message."""

    kind, other_case = "equal_to", True

    def declaration_problem(self, check: dict, own: int, other: int, case: dict) -> str | None:
        if "message" in check:
            return None
        return ("equal_to needs a message saying why the two outputs must agree in this "
                "challenge (\"message\": {\"en\": ..., \"ko\": ...})")

    def differs(self, check: dict, got: np.ndarray, other: np.ndarray | None, args: list,
                rtol: float, atol: float) -> Text | None:
        return _differ(got, other, rtol, atol)


class PermutedFrom(Relation):
    """This output is the output on `case` with its rows in the order `permutation`."""

    kind, other_case = "permuted_from", True

    def declaration_problem(self, check: dict, own: int, other: int, case: dict) -> str | None:
        permutation = check.get("permutation")
        if _ints(permutation) and sorted(permutation) == list(range(other)) and own == other:
            return None
        return "permuted_from needs a permutation of the rows of both outputs"

    def differs(self, check: dict, got: np.ndarray, other: np.ndarray | None, args: list,
                rtol: float, atol: float) -> Text | None:
        permutation = check["permutation"]
        if other.ndim == 0 or len(other) != len(permutation):
            return Text("rows_expected", n=len(permutation))
        return _differ(got, other[permutation], rtol, atol)


class RowNormsEqualToArg(Relation):
    """Each row of this output is as long as the same row of the positional argument `arg`."""

    kind = "row_norms_equal_to_arg"

    def declaration_problem(self, check: dict, own: int, other: int, case: dict) -> str | None:
        arg = check.get("arg")
        if type(arg) is int and 0 <= arg < len(case["args"]):
            return None
        return f"row_norms_equal_to_arg needs the index of a positional argument, not {arg!r}"

    def differs(self, check: dict, got: np.ndarray, other: np.ndarray | None, args: list,
                rtol: float, atol: float) -> Text | None:
        given = np.asarray(args[check["arg"]], dtype=np.float64)
        return _differ(np.linalg.norm(got, axis=-1), np.linalg.norm(given, axis=-1), rtol, atol)


class EqualDotProducts(Relation):
    """The dot products of the output's rows `[i, j]`, for each of `pairs`, are all equal."""

    kind = "equal_dot_products"

    def declaration_problem(self, check: dict, own: int, other: int, case: dict) -> str | None:
        pairs = check.get("pairs")
        if (isinstance(pairs, list) and len(pairs) >= 2
                and all(_ints(p, 2) and all(0 <= i < own for i in p) for p in pairs)):
            return None
        return "equal_dot_products needs two or more [i, j] pairs of output rows"

    def differs(self, check: dict, got: np.ndarray, other: np.ndarray | None, args: list,
                rtol: float, atol: float) -> Text | None:
        rows = [(got[i], got[j]) for i, j in check["pairs"]]
        dots = np.array([a @ b for a, b in rows])
        # Rounding in each entry moves a dot product by up to its size times |a| |b|.
        scale = max(float(np.linalg.norm(a) * np.linalg.norm(b)) for a, b in rows)
        spread = float(np.max(np.abs(dots - dots[0])))
        return None if spread <= atol + rtol * scale else Text("dot_products",
                                                               dots=str(np.round(dots, 6)))


def kinds() -> tuple[str, ...]:
    """Return every check kind: the declared properties, then the relations."""
    return (*PROPERTIES, *RELATIONS)


def check_message(check: dict) -> Text:
    """Return what a failed check says: its author's words ({"en", "ko"}), else the kind's."""
    words = check.get("message")
    if isinstance(words, dict) and "en" in words:
        return Text("authored", text=Words.of(words))
    relation = RELATIONS.get(check["kind"])
    return relation.message if relation else Text(check["kind"])


def run_check(check: dict, got: np.ndarray, other: np.ndarray | None, args: list,
              rtol: float, atol: float) -> CheckFailure | None:
    """Return None when `check` holds for the output `got`, else why it does not."""
    kind = check["kind"]
    if kind in PROPERTIES:
        problem = PROPERTIES[kind].problem(got, rtol)
        if problem is None:
            return None
        return CheckFailure(check_message(check) if "message" in check else problem)
    if "case" in check and other is None:
        return CheckFailure(check_message(check), NO_OUTPUT, check["case"])
    try:
        detail = RELATIONS[kind].differs(check, got, other, args, rtol, atol)
    except (IndexError, ValueError) as exc:  # an output too small for the rows the check names
        detail = Text("check_misfit", error=str(exc))
    return None if detail is None else CheckFailure(check_message(check), detail,
                                                    check.get("case"))


def first_failure(checks: list[dict], got: np.ndarray, outputs: dict[str, np.ndarray | None],
                  args: list, rtol: float, atol: float) -> CheckFailure | None:
    """Run a case's checks in order; `outputs` holds the run's outputs by case name."""
    for check in checks:
        other = check.get("case")
        if other is not None and other not in outputs:
            continue  # that case is not part of this run (a run of the public examples)
        failure = run_check(check, got, outputs.get(other), args, rtol, atol)
        if failure:
            return failure
    return None


def _declaration_problem(check: object, case: dict, rows: dict[str, int]) -> str | None:
    """Say what is wrong with one declared check, given each case's number of output rows."""
    if not isinstance(check, dict):
        return f"a check is a dict with a 'kind', not {check!r}"
    kind = check.get("kind")
    words = check.get("message", {"en": ""})
    if not (isinstance(words, dict) and isinstance(words.get("en"), str)
            and all(isinstance(w, str) for w in words.values())):
        return "a check's message is a table of texts by locale, with at least 'en'"
    if kind not in kinds():
        return f"unknown check kind {kind!r}; known kinds: {', '.join(kinds())}"
    relation = RELATIONS.get(kind)
    if relation is None:  # a declared property: its kind is all there is to check
        return None
    other = check.get("case")
    if relation.other_case and (other not in rows or other == case["name"]):
        return f"{kind} must name another case, not {other!r}"
    return relation.declaration_problem(check, rows[case["name"]], rows.get(other, 0), case)


def declaration_problems(cases: list[dict], expected: list) -> list[str]:
    """List the authoring mistakes in the cases' checks, given the reference's outputs."""
    rows = {c["name"]: len(out) if isinstance(out, list) else 0
            for c, out in zip(cases, expected, strict=True)}
    problems = []
    for case in cases:
        for check in case.get("checks", []):
            problem = _declaration_problem(check, case, rows)
            if problem:
                problems.append(f"case {case['name']!r}: {problem}")
    return problems
