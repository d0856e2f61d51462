"""Case checks: every kind holds or fails as declared, hidden tests stay hidden, bad
declarations stop preparation, and causality is caught end to end."""

import dataclasses
import json
import math
import re
from pathlib import Path

import numpy as np
import pytest

from graders.challenge.prepared import Prepared, PreparedCase
from graders.challenge.spec import load_challenge
from graders.declarations.checks import (
    RELATIONS,
    Relation,
    declaration_problems,
    first_failure,
    run_check,
)
from graders.declarations.properties import PROPERTIES, Property
from graders.grading.grade import grade
from graders.grading.prepare import PrepareError, prepare
from graders.judging.compare import compare
from graders.judging.diagnosis import name_bug
from graders.judging.judge import judge_box
from graders.messages import TEMPLATES, Text
from graders.protocol import parse_run
from graders.report import GradeReport
from graders.sandbox.base import RunOutcome
from graders.sandbox.selection import select_sandbox
from graders.verdicts import Verdict

CHALLENGES = Path(__file__).resolve().parents[2] / "challenges"
RTOL, ATOL = 1e-5, 1e-6
A = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])


def check(kind, got, other=None, args=(), **fields):
    return run_check({"kind": kind, **fields}, np.asarray(got, dtype=float),
                     None if other is None else np.asarray(other, dtype=float),
                     list(args), RTOL, ATOL)


def rope(X):
    """Rotate row p by angles p * 10000^(-2i/d), interleaved pairs, as RoPE does."""
    X = np.asarray(X, dtype=float)
    out = X.copy()
    for p in range(len(X)):
        for i in range(0, X.shape[1], 2):
            angle = p * 10000 ** (-i / X.shape[1])
            c, s = math.cos(angle), math.sin(angle)
            out[p, i], out[p, i + 1] = c * X[p, i] - s * X[p, i + 1], s * X[p, i] + c * X[p, i + 1]
    return out


@pytest.mark.parametrize("kind, good, bad", [
    ("rows_sum_to_one", [[0.25, 0.75]], [[0.5, 0.6]]),
    ("nonnegative", [[0.0, 1.0]], [[-0.5, 1.5]]),
    ("finite", [[1.0, 2.0]], [[1.0, np.inf]]),
])
def test_per_case_properties(kind, good, bad):
    assert check(kind, good) is None
    assert check(kind, bad).message


def test_same_rows_as_compares_only_the_rows_named():
    changed = A.copy()
    changed[2] += 1.0
    assert check("same_rows_as", changed, A, case="a", rows=[0, 2]) is None
    failure = check("same_rows_as", changed, A, case="a", rows=[0, 3])
    assert failure.message == RELATIONS["same_rows_as"].message and failure.case == "a"
    assert "later tokens leak into earlier outputs" in failure.message


def test_equal_to_allows_rounding_and_nothing_more():
    assert check("equal_to", A * (1 + 1e-7), A, case="a") is None
    assert check("equal_to", A + 1e-3, A, case="a").message == RELATIONS["equal_to"].message
    assert check("equal_to", A[:2], A, case="a") is not None


def test_permuted_from_follows_the_permutation():
    order = [2, 0, 1]
    assert check("permuted_from", A[order], A, case="a", permutation=order) is None
    assert check("permuted_from", A, A, case="a", permutation=order) is not None
    assert check("permuted_from", A[:2], A[:2], case="a", permutation=order) is not None


def test_row_norms_equal_to_arg():
    X = np.random.default_rng(0).normal(size=(5, 4))
    assert check("row_norms_equal_to_arg", rope(X), args=[X.tolist(), 10000.0], arg=0) is None
    failure = check("row_norms_equal_to_arg", 2 * rope(X), args=[X.tolist()], arg=0)
    assert failure.message == "rotations must preserve the length of every vector"


def test_equal_dot_products_on_rope_of_equal_rows():
    X = np.tile(np.random.default_rng(1).normal(size=(1, 6)), (5, 1))
    pairs = [[0, 1], [1, 2], [3, 4]]
    assert check("equal_dot_products", rope(X), pairs=pairs) is None
    assert check("equal_dot_products", rope(X).astype(np.float32), pairs=pairs) is None
    skewed = rope(X)
    skewed[4] *= 1.1
    assert check("equal_dot_products", skewed, pairs=pairs).message == RELATIONS[
        "equal_dot_products"].message


def test_a_check_fails_when_the_other_case_has_no_valid_output():
    failure = check("equal_to", A, None, case="a")
    assert failure is not None and failure.message == RELATIONS["equal_to"].message


def test_a_check_on_an_output_too_small_fails_instead_of_crashing():
    assert check("equal_dot_products", [1.0, 2.0], pairs=[[0, 1], [1, 2]]) is not None
    assert check("same_rows_as", 3.0, A, case="a", rows=[0, 1]) is not None


def test_checks_on_cases_outside_the_run_are_skipped():
    checks = [{"kind": "equal_to", "case": "hidden twin"}]
    assert first_failure(checks, A, {"this": A}, [], RTOL, ATOL) is None
    assert first_failure(checks, A, {"this": A, "hidden twin": None}, [], RTOL, ATOL) is not None


# Preparation refuses declarations that cannot mean anything.

CASES = [{"name": "a", "args": [A.tolist()]}, {"name": "b", "args": [A.tolist()]}]


@pytest.mark.parametrize("declared, problem", [
    ({"kind": "causal"}, "unknown check kind 'causal'"),
    ("finite", "a check is a dict"),
    ({"kind": "equal_to", "case": "nope"}, "must name another case"),
    ({"kind": "equal_to", "case": "a"}, "equal_to needs a message"),
    ({"kind": "equal_to", "case": "a", "message": {"ko": "..."}}, "at least 'en'"),
    ({"kind": "equal_to", "case": "b"}, "must name another case"),
    ({"kind": "same_rows_as", "case": "a", "rows": [0, 4]}, "rows [start, stop]"),
    ({"kind": "same_rows_as", "case": "a", "rows": [2, 2]}, "rows [start, stop]"),
    ({"kind": "permuted_from", "case": "a", "permutation": [0, 0, 1]}, "a permutation"),
    ({"kind": "row_norms_equal_to_arg", "arg": 1}, "index of a positional argument"),
    ({"kind": "equal_dot_products", "pairs": [[0, 1]]}, "two or more"),
    ({"kind": "equal_dot_products", "pairs": [[0, 1], [2, 3]]}, "two or more"),
])
def test_declaration_mistakes_are_named(declared, problem):
    cases = [CASES[0], {**CASES[1], "checks": [declared]}]
    problems = declaration_problems(cases, [A.tolist(), A.tolist()])
    assert len(problems) == 1 and problem in problems[0] and "case 'b'" in problems[0]


def test_good_declarations_pass():
    checks = [{"kind": "finite"}, {"kind": "same_rows_as", "case": "a", "rows": [0, 3]},
              {"kind": "equal_to", "case": "a", "message": {"en": "order must not matter"}},
              {"kind": "permuted_from", "case": "a", "permutation": [2, 0, 1]},
              {"kind": "row_norms_equal_to_arg", "arg": 0},
              {"kind": "equal_dot_products", "pairs": [[0, 1], [1, 2]]}]
    cases = [CASES[0], {**CASES[1], "checks": checks}]
    assert declaration_problems(cases, [A.tolist(), A.tolist()]) == []


def test_an_unknown_kind_is_named_with_every_known_kind_in_order():
    cases = [CASES[0], {**CASES[1], "checks": [{"kind": "causal"}]}]
    assert declaration_problems(cases, [A.tolist(), A.tolist()]) == [
        "case 'b': unknown check kind 'causal'; known kinds: rows_sum_to_one, nonnegative, "
        "finite, same_rows_as, equal_to, permuted_from, row_norms_equal_to_arg, "
        "equal_dot_products"]


# A new kind is one class (and its message's English template, in the engine's catalog).

def test_a_new_check_kind_is_one_class(monkeypatch):
    monkeypatch.setitem(RELATIONS, "first_column_sorted", None)  # removed after the test
    monkeypatch.setitem(TEMPLATES, "first_column_sorted", "the first column must be sorted")

    class FirstColumnSorted(Relation):
        kind = "first_column_sorted"

        def declaration_problem(self, check, own, other, case):
            return None if own >= 2 else "first_column_sorted needs two rows or more"

        def differs(self, check, got, other, args, rtol, atol):
            return None if (np.diff(got[:, 0]) >= 0).all() else Text("rows_expected", n=2)

    declared = {"kind": "first_column_sorted"}
    cases = [CASES[0], {**CASES[1], "checks": [declared]}]
    assert declaration_problems(cases, [A.tolist(), A.tolist()]) == []
    assert declaration_problems(cases, [A.tolist(), [[1.0]]]) == [
        "case 'b': first_column_sorted needs two rows or more"]
    assert check("first_column_sorted", A) is None
    failure = check("first_column_sorted", A[::-1])
    assert failure.message == "the first column must be sorted"
    assert failure.detail == "2 rows expected"


def test_a_new_property_is_one_class(monkeypatch):
    monkeypatch.setitem(PROPERTIES, "rows_sorted", None)  # removed after the test
    monkeypatch.setitem(TEMPLATES, "rows_sorted", "each row must be sorted")

    class RowsSorted(Property):
        kind = "rows_sorted"

        def problem(self, output, rtol=0.0):
            return None if (np.diff(output, axis=-1) >= 0).all() else Text("rows_sorted")

    assert check("rows_sorted", A) is None
    assert check("rows_sorted", A[:, ::-1]).message == "each row must be sorted"
    mismatch = compare(A[:, ::-1].tolist(), A[:, ::-1].tolist(), RTOL, ATOL, ("rows_sorted",))
    assert (mismatch.kind, mismatch.detail) == ("property", "each row must be sorted")


def test_prepared_data_from_before_checks_still_loads():
    old = {"content_hash": "abc", "cases": [{"name": "a", "public": True, "args": [], "kwargs": {},
                                             "expected": [1.0], "mutant_outputs": {}}]}
    prepared = Prepared.from_json(old)
    assert prepared.cases[0].checks == []
    assert Prepared.from_json(json.loads(json.dumps(prepared.to_json()))) == prepared


# The judge: a failing check is a wrong answer with its message, and hidden stays hidden.

@pytest.fixture(scope="module")
def spec():
    return load_challenge(CHALLENGES / "causal-attention")


def judge(spec, cases, outputs):
    lines = [json.dumps({"event": "result", "case": i, "seconds": 0.0, "output": out}).encode()
             if out is not None else
             json.dumps({"event": "result", "case": i, "seconds": 0.0, "error_type": "ValueError",
                         "message": "ValueError: secret 42", "line": 1}).encode()
             for i, out in enumerate(outputs)]
    parsed = parse_run(b"\n".join([*lines, b'{"event": "end"}']) + b"\n", [100] * len(cases))
    rows, _ = judge_box(spec, cases, parsed, RunOutcome(b"", b"", 0))
    named_mutant, breakdowns = name_bug(spec, rows)
    tests = [row.test for row in rows]
    verdict = next((row.verdict for row in rows if not row.test.passed), Verdict.ACCEPTED)
    return GradeReport(verdict, tests, named_mutant=named_mutant, breakdowns=breakdowns)


def pair(public=False, mutant=None):
    """A base case and a case whose first two rows must equal the base's."""
    mutants = {"no_mask": {"output": mutant}} if mutant is not None else {}
    base = PreparedCase("base", public, [A.tolist()], {}, A.tolist(), mutants)
    twin = PreparedCase("twin", public, [A.tolist()], {}, A.tolist(), mutants,
                        [{"kind": "same_rows_as", "case": "base", "rows": [0, 2]}])
    return [base, twin]


def test_a_hidden_check_failure_says_what_without_any_number(spec):
    report = judge(spec, pair(), [A.tolist(), (A + 0.25).tolist()])
    twin = report.tests[1]
    assert report.verdict == Verdict.WRONG_ANSWER and not twin.passed
    assert twin.message == RELATIONS["same_rows_as"].message
    assert not re.search(r"\d", twin.message)
    assert twin.input is None and twin.expected is None and twin.got is None


def test_a_public_check_failure_adds_the_numbers(spec):
    report = judge(spec, pair(public=True), [A.tolist(), (A + 0.25).tolist()])
    message = report.tests[1].message
    assert message.startswith(RELATIONS["same_rows_as"].message) and "largest difference" in message


def test_public_detail_never_quotes_a_hidden_case(spec):
    base, twin = pair()
    cases = [base, dataclasses.replace(twin, public=True)]
    report = judge(spec, cases, [(A + 0.25).tolist(), A.tolist()])
    assert report.tests[1].message == RELATIONS["same_rows_as"].message


def test_a_check_fails_when_the_other_case_raised(spec):
    report = judge(spec, pair(), [None, A.tolist()])
    assert [t.passed for t in report.tests] == [False, False]
    assert report.tests[1].message == RELATIONS["same_rows_as"].message
    assert "secret" not in report.tests[0].message + report.tests[1].message


def test_a_test_failing_only_by_a_check_is_still_diagnosed(spec):
    leaky = A.copy()
    leaky[0] += 1.0
    base, twin = pair(mutant=leaky.tolist())
    base = dataclasses.replace(base, mutant_outputs={"no_mask": {"output": A.tolist()}})
    report = judge(spec, [base, twin], [A.tolist(), leaky.tolist()])
    assert not report.tests[1].passed and report.tests[1].mutant == "no_mask"


def test_passing_checks_accept(spec):
    report = judge(spec, pair(), [A.tolist(), A.tolist()])
    assert report.verdict == Verdict.ACCEPTED


# End to end: a real sandbox, the real causal-attention challenge.

NO_MASK = '''import math

def causal_attention(Q, K, V):
    d = len(K[0])
    out = []
    for i, q in enumerate(Q):
        scores = [sum(a * b for a, b in zip(q, k)) / math.sqrt(d) for k in K]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        out.append([sum(e / total * v[c] for e, v in zip(exps, V)) for c in range(len(V[0]))])
    return out
'''
CAUSAL = NO_MASK.replace("for k in K]", "for k in K[: i + 1]]")


@pytest.fixture(scope="module")
def sandbox():
    return select_sandbox("process")


@pytest.fixture(scope="module")
def causal(sandbox):
    spec = load_challenge(CHALLENGES / "causal-attention")
    return spec, prepare(spec, sandbox)


@pytest.mark.sandbox
def test_forgetting_the_mask_fails_the_causality_check(causal, sandbox):
    spec, prepared = causal
    assert sum(bool(c.checks) for c in prepared.cases) >= 2
    report = grade(spec, prepared, NO_MASK, sandbox)
    checked = [t for t, c in zip(report.tests, prepared.cases, strict=True) if c.checks]
    assert report.verdict == Verdict.WRONG_ANSWER
    assert all(t.message == RELATIONS["same_rows_as"].message for t in checked)
    assert report.named_mutant == "no_mask"


@pytest.mark.sandbox
def test_a_correct_causal_solution_passes_every_check(causal, sandbox):
    spec, prepared = causal
    report = grade(spec, prepared, CAUSAL, sandbox)
    assert report.verdict == Verdict.ACCEPTED, [t.message for t in report.tests if not t.passed]


@pytest.mark.sandbox
def test_prepare_refuses_a_check_naming_a_missing_case(causal, sandbox):
    spec, _ = causal
    source = spec.cases_source + (
        "\n_cases = cases\n\ndef cases():\n    found = _cases()\n"
        "    found[-1]['checks'] = [{'kind': 'equal_to', 'case': 'no such case'}]\n"
        "    return found\n")
    with pytest.raises(PrepareError, match="must name another case"):
        prepare(dataclasses.replace(spec, cases_source=source), sandbox)
    unknown = source.replace("'equal_to', 'case': 'no such case'", "'causality'")
    with pytest.raises(PrepareError, match="unknown check kind 'causality'"):
        prepare(dataclasses.replace(spec, cases_source=unknown), sandbox)


def test_a_failing_numerics_case_says_its_tier(spec):
    base, _ = pair()
    numerics = dataclasses.replace(base, name="near the limits", tier="numerics")
    report = judge(spec, [base, numerics], [(A + 1).tolist(), (A + 1).tolist()])
    assert [t.tier for t in report.tests] == ["core", "numerics"]
    assert "numerics case" not in report.tests[0].message
    assert report.tests[1].message.endswith(
        "a numerics case: its values test the limits of floating point that the statement allows")
