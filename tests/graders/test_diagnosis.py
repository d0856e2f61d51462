"""One deterministic rule names the bug, and only when it explains most of the failures."""

import dataclasses
import itertools
from pathlib import Path

import pytest

from graders.challenge.prepared import PreparedCase
from graders.challenge.spec import MutantSpec, load_challenge
from graders.judging.diagnosis import diagnose, name_bug
from graders.judging.judge import Judged
from graders.report import TestReport
from graders.verdicts import Verdict

CHALLENGES = Path(__file__).resolve().parents[2] / "challenges"
RIGHT = [1.0, 2.0]


@pytest.fixture(scope="module")
def base_spec():
    return load_challenge(CHALLENGES / "scaled-dot-product-attention")


def with_mutants(spec, *names):
    return dataclasses.replace(spec, mutants=tuple(
        MutantSpec(name, "", {"en": f"the {name} bug", "ko": f"{name} 버그"}) for name in names))


def out(value):
    return {"output": value}


def raised(error_type):
    return {"error_type": error_type, "message": f"{error_type}: x", "line": 1}


def row(name, learner, mutants, passed=False):
    """A judged row: the learner's result on a case and what each mutant did there."""
    case = PreparedCase(name, False, [], {}, RIGHT, mutant_outputs=mutants)
    test = TestReport(name=name, hidden=True, passed=passed)
    return Judged(case, test, Verdict.ACCEPTED if passed else Verdict.WRONG_ANSWER,
                  {**learner, "seconds": 0.0})


def test_a_mutant_matching_one_failure_of_many_is_not_named(base_spec):
    spec = with_mutants(base_spec, "sqrt_dv")
    rows = [row("c0", out([5.0, 5.0]), {"sqrt_dv": out([5.0, 5.0])})]
    rows += [row(f"c{i}", out([9.0, 9.0]), {"sqrt_dv": out(RIGHT)}) for i in range(1, 14)]
    assert diagnose(spec, rows) is None
    assert name_bug(spec, rows) is None
    assert all(r.test.mutant is None and r.test.explanation is None for r in rows)


def test_a_mutant_explaining_most_failures_is_named_on_those_it_explains(base_spec):
    spec = with_mutants(base_spec, "no_scaling")
    rows = [row(f"c{i}", out([7.0, 7.0]), {"no_scaling": out([7.0, 7.0])}) for i in range(3)]
    rows.append(row("odd", out([0.0, 0.0]), {"no_scaling": out([7.0, 7.0])}))
    rows.append(row("fine", out(RIGHT), {"no_scaling": out(RIGHT)}, passed=True))
    assert name_bug(spec, rows) == "no_scaling"
    assert [r.test.mutant for r in rows] == ["no_scaling"] * 3 + [None, None]
    assert rows[0].test.explanation == {"en": "the no_scaling bug", "ko": "no_scaling 버그"}


def test_exactly_half_is_not_most(base_spec):
    spec = with_mutants(base_spec, "m")
    rows = [row("a", out([3.0, 3.0]), {"m": out([3.0, 3.0])}),
            row("b", out([4.0, 4.0]), {"m": out([5.0, 5.0])})]
    assert diagnose(spec, rows) is None


def test_an_exception_type_alone_is_no_evidence(base_spec):
    """Forgetting a transpose and swapping the sequences both raise ValueError: on other cases."""
    spec = with_mutants(base_spec, "swapped")
    rows = [row("square", out([3.0, 3.0]), {"swapped": raised("ValueError")}),
            row("wide", raised("ValueError"), {"swapped": raised("ValueError")}),
            row("tall", raised("ValueError"), {"swapped": raised("ValueError")}),
            row("long", raised("ValueError"), {"swapped": raised("ValueError")})]
    assert diagnose(spec, rows) is None  # three of four match, but not on the same cases
    rows[0] = row("square", raised("ValueError"), {"swapped": raised("ValueError")})
    assert diagnose(spec, rows) == "swapped"


def test_the_same_exceptions_on_the_same_cases_name_the_bug(base_spec):
    spec = with_mutants(base_spec, "math_exp")
    rows = [row("big", raised("OverflowError"), {"math_exp": raised("OverflowError")}),
            row("huge", raised("OverflowError"), {"math_exp": raised("OverflowError")}),
            row("small", out(RIGHT), {"math_exp": out(RIGHT)}, passed=True)]
    assert diagnose(spec, rows) == "math_exp"


def test_among_equals_the_mutant_failing_like_the_learner_wins(base_spec):
    """Both explain every failure; only one also fails where the learner passed."""
    spec = with_mutants(base_spec, "global_max", "max_includes_masked")
    nan = [float("nan")] * 2
    rows = [row("masked", out(nan), {"global_max": out(nan), "max_includes_masked": out(nan)}),
            row("rows apart", out(RIGHT), {"global_max": out(nan),
                                          "max_includes_masked": out(RIGHT)}, passed=True)]
    assert diagnose(spec, rows) == "max_includes_masked"


def test_a_tie_is_broken_by_name_whatever_the_order(base_spec):
    twins = {"b_twin": out([6.0, 6.0]), "a_twin": out([6.0, 6.0])}
    named = set()
    for order in itertools.permutations(["b_twin", "a_twin"]):
        spec = with_mutants(base_spec, *order)
        rows = [row("c", out([6.0, 6.0]), dict(twins))]
        named.add(diagnose(spec, rows))
    assert named == {"a_twin"}


def test_more_explained_failures_beat_a_better_likeness(base_spec):
    spec = with_mutants(base_spec, "broad", "narrow")
    rows = [row("a", out([1.5, 1.5]), {"broad": out([1.5, 1.5]), "narrow": out([1.5, 1.5])}),
            row("b", out([2.5, 2.5]), {"broad": out([2.5, 2.5]), "narrow": out([0.0, 0.0])}),
            row("c", out([3.5, 3.5]), {"broad": out([3.5, 3.5]), "narrow": out(RIGHT)})]
    assert diagnose(spec, rows) == "broad"


def test_nothing_failed_nothing_named(base_spec):
    spec = with_mutants(base_spec, "m")
    assert diagnose(spec, [row("a", out(RIGHT), {"m": out([0.0, 0.0])}, passed=True)]) is None


def test_tests_not_run_count_as_unexplained_failures(base_spec):
    spec = with_mutants(base_spec, "m")
    rows = [row("a", out([3.0, 3.0]), {"m": out([3.0, 3.0])})]
    for name in ("b", "c"):
        cut = row(name, out([0.0, 0.0]), {"m": out([3.0, 3.0])})
        rows.append(dataclasses.replace(cut, result=None))
    assert diagnose(spec, rows) is None


def test_a_breakdown_is_one_outcome_however_it_shows(base_spec):
    """NaN from a NumPy mutant explains a learner's OverflowError, and the other way round."""
    spec = with_mutants(base_spec, "no_max")
    nan = out([float("nan"), float("nan")])
    learner_raises = [row(f"c{i}", raised("OverflowError"), {"no_max": nan}) for i in range(3)]
    assert diagnose(spec, learner_raises) == "no_max"
    learner_nan = [row(f"c{i}", nan, {"no_max": raised("ZeroDivisionError")}) for i in range(3)]
    assert diagnose(spec, learner_nan) == "no_max"
    other_error = [row(f"c{i}", raised("IndexError"), {"no_max": nan}) for i in range(3)]
    assert diagnose(spec, other_error) is None  # an IndexError is no breakdown


def test_the_mutant_that_fails_exactly_the_same_way_wins(base_spec):
    spec = with_mutants(base_spec, "a_numpy", "b_math")
    nan = out([float("nan"), float("nan")])
    rows = [row(f"c{i}", raised("OverflowError"),
                {"a_numpy": nan, "b_math": raised("OverflowError")}) for i in range(3)]
    assert diagnose(spec, rows) == "b_math"  # alphabetically second, but the exact match
