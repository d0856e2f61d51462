"""The rules a declared case check must follow, enforced when a challenge version is prepared.

A check that names a missing case, an unknown kind or rows the output does not have is an
authoring mistake: it fails preparation instead of failing learners.
"""

from __future__ import annotations

from graders.declarations.checks import KINDS


def _ints(value: object, length: int | None = None) -> bool:
    return (isinstance(value, list) and all(type(v) is int for v in value)
            and (length is None or len(value) == length))


def _same_rows_as(check: dict, own: int, other: int, case: dict) -> str | None:
    span = check.get("rows")
    if _ints(span, 2) and 0 <= span[0] < span[1] <= min(own, other):
        return None
    return f"same_rows_as needs rows [start, stop] within both outputs, not {span!r}"


def _permuted_from(check: dict, own: int, other: int, case: dict) -> str | None:
    permutation = check.get("permutation")
    if _ints(permutation) and sorted(permutation) == list(range(other)) and own == other:
        return None
    return "permuted_from needs a permutation of the rows of both outputs"


def _row_norms_equal_to_arg(check: dict, own: int, other: int, case: dict) -> str | None:
    arg = check.get("arg")
    if type(arg) is int and 0 <= arg < len(case["args"]):
        return None
    return f"row_norms_equal_to_arg needs the index of a positional argument, not {arg!r}"


def _equal_dot_products(check: dict, own: int, other: int, case: dict) -> str | None:
    pairs = check.get("pairs")
    if (isinstance(pairs, list) and len(pairs) >= 2
            and all(_ints(p, 2) and all(0 <= i < own for i in p) for p in pairs)):
        return None
    return "equal_dot_products needs two or more [i, j] pairs of output rows"


def _equal_to(check: dict, own: int, other: int, case: dict) -> str | None:
    if "message" in check:
        return None
    return ("equal_to needs a message saying why the two outputs must agree in this challenge "
            "(\"message\": {\"en\": ..., \"ko\": ...})")


RULES = {"same_rows_as": _same_rows_as, "permuted_from": _permuted_from, "equal_to": _equal_to,
         "row_norms_equal_to_arg": _row_norms_equal_to_arg,
         "equal_dot_products": _equal_dot_products}
WITH_OTHER_CASE = ("same_rows_as", "equal_to", "permuted_from")


def _problem(check: object, case: dict, rows: dict[str, int]) -> str | None:
    """Say what is wrong with one declared check, given each case's number of output rows."""
    if not isinstance(check, dict):
        return f"a check is a dict with a 'kind', not {check!r}"
    kind = check.get("kind")
    words = check.get("message", {"en": ""})
    if not (isinstance(words, dict) and isinstance(words.get("en"), str)
            and all(isinstance(w, str) for w in words.values())):
        return "a check's message is a table of texts by locale, with at least 'en'"
    if kind not in KINDS:
        return f"unknown check kind {kind!r}; known kinds: {', '.join(KINDS)}"
    other = check.get("case")
    if kind in WITH_OTHER_CASE and (other not in rows or other == case["name"]):
        return f"{kind} must name another case, not {other!r}"
    rule = RULES.get(kind)
    return rule(check, rows[case["name"]], rows.get(other, 0), case) if rule else None


def declaration_problems(cases: list[dict], expected: list) -> list[str]:
    """List the authoring mistakes in the cases' checks, given the reference's outputs."""
    rows = {c["name"]: len(out) if isinstance(out, list) else 0
            for c, out in zip(cases, expected, strict=True)}
    problems = []
    for case in cases:
        for check in case.get("checks", []):
            problem = _problem(check, case, rows)
            if problem:
                problems.append(f"case {case['name']!r}: {problem}")
    return problems
