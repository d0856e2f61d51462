"""Case checks: properties that cases.py attaches to one case, often relating it to another.

Each check compares the learner's own outputs (on this case, on another case, or with an
input), not the reference's: "changing later tokens leaves earlier outputs unchanged" holds
for any correct answer. Messages reveal no numbers, so they are shown on hidden tests too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from graders.core.messages import Text, Words
from graders.declarations.properties import PROPERTIES

NO_OUTPUT = Text("no_compared_output")


@dataclass(frozen=True)
class CheckFailure:
    """A check that does not hold: a message safe for hidden tests, and numbers for public."""

    message: Text
    detail: Text | None = None
    case: str | None = None


def _differ(a: np.ndarray, b: np.ndarray, rtol: float, atol: float) -> Text | None:
    """Return None when two arrays agree within tolerance, else how far apart they are."""
    if a.shape != b.shape:
        return Text("shapes_differ", a=str(a.shape), b=str(b.shape))
    close = np.isclose(a, b, rtol=rtol, atol=atol, equal_nan=True)
    if close.all():
        return None
    where = np.unravel_index(int(np.argmin(close)), close.shape) if close.ndim else ()
    return Text("difference_at", error=f"{np.nanmax(np.abs(a - b)):.3g}",
                at=str(list(map(int, where))))


def _same_rows_as(check: dict, got: np.ndarray, other: np.ndarray, args: list,
                  rtol: float, atol: float) -> Text | None:
    start, stop = check["rows"]
    return _differ(got[start:stop], other[start:stop], rtol, atol)


def _equal_to(check: dict, got: np.ndarray, other: np.ndarray, args: list,
              rtol: float, atol: float) -> Text | None:
    return _differ(got, other, rtol, atol)


def _permuted_from(check: dict, got: np.ndarray, other: np.ndarray, args: list,
                   rtol: float, atol: float) -> Text | None:
    permutation = check["permutation"]
    if other.ndim == 0 or len(other) != len(permutation):
        return Text("rows_expected", n=len(permutation))
    return _differ(got, other[permutation], rtol, atol)


def _row_norms_equal_to_arg(check: dict, got: np.ndarray, other: None, args: list,
                            rtol: float, atol: float) -> Text | None:
    given = np.asarray(args[check["arg"]], dtype=np.float64)
    return _differ(np.linalg.norm(got, axis=-1), np.linalg.norm(given, axis=-1), rtol, atol)


def _equal_dot_products(check: dict, got: np.ndarray, other: None, args: list,
                        rtol: float, atol: float) -> Text | None:
    rows = [(got[i], got[j]) for i, j in check["pairs"]]
    dots = np.array([a @ b for a, b in rows])
    # Rounding in each entry moves a dot product by up to its size times |a| |b|.
    scale = max(float(np.linalg.norm(a) * np.linalg.norm(b)) for a, b in rows)
    spread = float(np.max(np.abs(dots - dots[0])))
    return None if spread <= atol + rtol * scale else Text("dot_products",
                                                           dots=str(np.round(dots, 6)))


Check = Callable[[dict, np.ndarray, "np.ndarray | None", list, float, float], "Text | None"]
RELATIONS: dict[str, Check] = {
    "same_rows_as": _same_rows_as,
    "equal_to": _equal_to,
    "permuted_from": _permuted_from,
    "row_norms_equal_to_arg": _row_norms_equal_to_arg,
    "equal_dot_products": _equal_dot_products,
}
MESSAGES = {kind: Text(kind) for kind in RELATIONS}
KINDS = (*PROPERTIES, *MESSAGES)


def check_message(check: dict) -> Text:
    """Return what a failed check says: its author's words ({"en", "ko"}), else the kind's."""
    words = check.get("message")
    if isinstance(words, dict) and "en" in words:
        return Text("authored", text=Words.of(words))
    return MESSAGES.get(check["kind"]) or Text(check["kind"])


def run_check(check: dict, got: np.ndarray, other: np.ndarray | None, args: list,
              rtol: float, atol: float) -> CheckFailure | None:
    """Return None when `check` holds for the output `got`, else why it does not."""
    kind = check["kind"]
    if kind in PROPERTIES:
        problem = PROPERTIES[kind](got, rtol)
        if problem is None:
            return None
        return CheckFailure(check_message(check) if "message" in check else problem)
    if "case" in check and other is None:
        return CheckFailure(check_message(check), NO_OUTPUT, check["case"])
    try:
        detail = RELATIONS[kind](check, got, other, args, rtol, atol)
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

