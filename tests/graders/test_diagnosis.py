"""One deterministic rule names the bug, only when the learner's outputs match the mutant's on
every failing case and no case contradicts it; a numerical breakdown is its own category."""

import dataclasses
import itertools
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from graders.challenge.prepared import PreparedCase
from graders.challenge.spec import MutantSpec, load_challenge
from graders.judging.diagnosis import diagnose, name_bug
from graders.judging.judge import Judged
from graders.report import TestReport
from graders.verdicts import Verdict

CHALLENGES = Path(__file__).resolve().parents[2] / "challenges"
RIGHT = [1.0, 2.0]
NAN = [float("nan")] * 2


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
    case = PreparedCase(name, False, [], {}, RIGHT, mutant_outputs=mutants,
                        names={"ko": f"{name} 경우"})
    test = TestReport(name=name, hidden=True, passed=passed)
    return Judged(case, test, Verdict.ACCEPTED if passed else Verdict.WRONG_ANSWER,
                  {**learner, "seconds": 0.0})


def test_a_mutant_matching_some_failures_only_is_not_named(base_spec):
    spec = with_mutants(base_spec, "no_scaling")
    rows = [row(f"c{i}", out([7.0, 7.0]), {"no_scaling": out([7.0, 7.0])}) for i in range(5)]
    rows.append(row("odd", out([0.0, 0.0]), {"no_scaling": out([7.0, 7.0])}))
    assert diagnose(spec, rows) is None
    assert name_bug(spec, rows) == (None, [])
    assert all(r.test.mutant is None and r.test.explanation is None for r in rows)


def test_a_mutant_matching_every_failure_is_named_on_each(base_spec):
    spec = with_mutants(base_spec, "no_scaling")
    rows = [row(f"c{i}", out([7.0, 7.0]), {"no_scaling": out([7.0, 7.0])}) for i in range(3)]
    rows.append(row("fine", out(RIGHT), {"no_scaling": out(RIGHT)}, passed=True))
    assert name_bug(spec, rows) == ("no_scaling", [])
    assert [r.test.mutant for r in rows] == ["no_scaling"] * 3 + [None]
    assert rows[0].test.explanation == {"en": "the no_scaling bug", "ko": "no_scaling 버그"}


def test_a_case_the_learner_passes_and_the_mutant_fails_contradicts_it(base_spec):
    """An integer square root: it scales by 1 where d is 2 or 3, as if it never scaled, but
    passes d = 4, where forgetting the scale fails."""
    spec = with_mutants(base_spec, "no_scaling")
    rows = [row(f"d={d}", out([7.0, 7.0]), {"no_scaling": out([7.0, 7.0])}) for d in (2, 3)]
    rows.append(row("d=4", out(RIGHT), {"no_scaling": out([7.0, 7.0])}, passed=True))
    assert diagnose(spec, rows) is None


def test_an_exception_type_alone_is_no_evidence(base_spec):
    """Forgetting a transpose and swapping the sequences both raise ValueError: on other cases."""
    spec = with_mutants(base_spec, "swapped")
    rows = [row("square", out([3.0, 3.0]), {"swapped": raised("ValueError")}),
            row("wide", raised("ValueError"), {"swapped": raised("ValueError")})]
    assert diagnose(spec, rows) is None
    rows[0] = row("square", raised("ValueError"), {"swapped": raised("ValueError")})
    assert diagnose(spec, rows) == "swapped"


@pytest.mark.parametrize("learner", [raised("OverflowError"), raised("ZeroDivisionError"),
                                     out(NAN), out([float("inf"), 1.0])])
def test_a_breakdown_names_no_mutant_but_says_where(base_spec, learner):
    """Subtracting the mean instead of the max overflows like not subtracting at all: a
    breakdown is no evidence of which bug caused it."""
    spec = with_mutants(base_spec, "no_max", "no_max_math")
    mutants = {"no_max": out(NAN), "no_max_math": raised("OverflowError")}
    rows = [row("big", learner, dict(mutants)),
            row("small", out(RIGHT), {"no_max": out(RIGHT), "no_max_math": out(RIGHT)},
                passed=True)]
    assert name_bug(spec, rows) == (None, ["big"])
    assert rows[0].test.mutant is None and rows[0].test.explanation is None
    message = rows[0].test.message
    assert "numerical breakdown on big" in message
    assert ("breakdown", (("case", (("en", "big"), ("ko", "big 경우"))),)) in message.parts


def test_an_other_error_is_no_breakdown(base_spec):
    spec = with_mutants(base_spec, "no_max")
    rows = [row("big", raised("IndexError"), {"no_max": out(NAN)})]
    assert name_bug(spec, rows) == (None, [])


def test_the_other_failures_beside_a_breakdown_still_name_the_bug(base_spec):
    spec = with_mutants(base_spec, "sum_rows")
    rows = [row("big", out(NAN), {"sum_rows": out(NAN)}),
            row("plain", out([5.0, 5.0]), {"sum_rows": out([5.0, 5.0])})]
    assert name_bug(spec, rows) == ("sum_rows", ["big"])
    assert [r.test.mutant for r in rows] == [None, "sum_rows"]


def test_among_equals_the_mutant_failing_like_the_learner_wins(base_spec):
    spec = with_mutants(base_spec, "wide", "narrow")
    rows = [row("a", out([3.0, 3.0]), {"wide": out([3.0, 3.0]), "narrow": out([3.0, 3.0])}),
            row("b", out([9.0, 9.0]), {"wide": raised("ValueError"), "narrow": out(RIGHT)}),
            row("c", out(NAN), {"wide": out(NAN), "narrow": out(RIGHT)})]
    # b contradicts neither (the learner failed it) but is explained by no one: no name
    assert diagnose(spec, rows) is None
    rows[1] = row("b", out(RIGHT), {"wide": out(RIGHT), "narrow": out(RIGHT)}, passed=True)
    assert diagnose(spec, rows) == "wide"  # it also fails c, as the learner does


def test_a_tie_is_broken_by_name_whatever_the_order(base_spec):
    twins = {"b_twin": out([6.0, 6.0]), "a_twin": out([6.0, 6.0])}
    named = set()
    for order in itertools.permutations(["b_twin", "a_twin"]):
        spec = with_mutants(base_spec, *order)
        named.add(diagnose(spec, [row("c", out([6.0, 6.0]), dict(twins))]))
    assert named == {"a_twin"}


def test_tests_not_run_are_no_evidence(base_spec):
    spec = with_mutants(base_spec, "m")
    rows = [row("a", out([3.0, 3.0]), {"m": out([3.0, 3.0])})]
    cut = row("b", out([0.0, 0.0]), {"m": out([3.0, 3.0])})
    rows.append(dataclasses.replace(cut, result=None))
    assert diagnose(spec, rows) == "m"
    assert diagnose(spec, rows[1:]) is None


VALUES = st.sampled_from([RIGHT, [3.0, 3.0], [4.0, 4.0], NAN])
CASES = st.lists(st.tuples(VALUES, VALUES), min_size=1, max_size=6)


def rows_of(pairs):
    """Rows from (learner's output, mutant's output) pairs; a case passes when it is RIGHT."""
    return [row(f"c{i}", out(mine), {"m": out(theirs)}, passed=mine == RIGHT)
            for i, (mine, theirs) in enumerate(pairs)]


@given(CASES)
def test_property_a_named_mutant_matches_every_failure_and_every_pass(base_spec, pairs):
    spec = with_mutants(base_spec, "m")
    rows = rows_of(pairs)
    named, broken = name_bug(spec, rows)
    assert set(broken) == {f"c{i}" for i, (mine, _) in enumerate(pairs) if mine == NAN}
    if named == "m":
        for mine, theirs in pairs:
            if mine == RIGHT:
                assert theirs == RIGHT  # not contradicted
            elif mine != NAN:
                assert theirs == mine  # explained
        assert any(mine not in (RIGHT, NAN) for mine, _ in pairs)
    else:
        assert all(r.test.mutant is None for r in rows)


@given(CASES)
def test_property_a_breakdown_alone_never_names(base_spec, pairs):
    spec = with_mutants(base_spec, "m")
    only_breakdowns = [(NAN if mine != RIGHT else mine, theirs) for mine, theirs in pairs]
    assert diagnose(spec, rows_of(only_breakdowns)) is None


@given(CASES)
def test_property_the_mutant_itself_is_named_unless_it_only_breaks_down(base_spec, pairs):
    spec = with_mutants(base_spec, "m")
    itself = [(theirs, theirs) for _, theirs in pairs]
    clean_failures = any(theirs not in (RIGHT, NAN) for _, theirs in pairs)
    assert (diagnose(spec, rows_of(itself)) == "m") == clean_failures


def test_among_equals_the_mutant_breaking_down_the_same_way_wins(base_spec):
    """A list-based and a NumPy mutant give the same numbers where neither breaks down; the
    one that raised OverflowError where the learner did is the learner's."""
    spec = with_mutants(base_spec, "a_numpy", "b_math")
    same = {"a_numpy": out([9.0, 9.0]), "b_math": out([9.0, 9.0])}
    rows = [row("plain", out([9.0, 9.0]), same),
            row("big", raised("OverflowError"),
                {"a_numpy": out(NAN), "b_math": raised("OverflowError")})]
    assert diagnose(spec, rows) == "b_math"
    rows[1] = row("big", out(NAN), {"a_numpy": out(NAN), "b_math": raised("OverflowError")})
    assert diagnose(spec, rows) == "a_numpy"
