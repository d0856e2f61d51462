"""The judge compares as numbers, whatever shape of data it is given."""


import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from graders.judging.compare import (
    MalformedOutput,
    compare,
    float32_tolerance,
    matches,
    to_array,
    to_parts,
)


@pytest.mark.parametrize("value", [
    "1.0", [1.0, "2"], [[1.0, 2.0], [3.0]], [True, 1.0], None, {"a": 1.0}, [[[[]]]] * 0 + [None],
])
def test_to_array_refuses_anything_but_rectangular_numbers(value):
    with pytest.raises(MalformedOutput):
        to_array(value)


def test_to_array_refuses_deep_nesting():
    value = 1.0
    for _ in range(40):
        value = [value]
    with pytest.raises(MalformedOutput):
        to_array(value)


def test_compare_accepts_within_tolerance_and_reports_shape_and_values():
    assert compare([1.0, 2.0 + 1e-9], [1, 2], rtol=1e-6, atol=1e-8) is None
    assert compare([1.0, 2.1], [1, 2], rtol=1e-6, atol=1e-8).kind == "values"
    assert compare([[1.0, 2.0]], [1, 2], rtol=1e-6, atol=1e-8).kind == "shape"
    assert compare([1.0, float("nan")], [1, 2], rtol=1e-6, atol=1e-8).kind == "nonfinite"
    assert compare(["x"], [1], rtol=1e-6, atol=1e-8).kind == "malformed"


def test_compare_details_are_for_public_tests_only():
    mismatch = compare([1.0, 2.5], [1, 2], rtol=1e-6, atol=1e-8)
    assert "0.5" in mismatch.detail and "[1]" in mismatch.detail
    assert mismatch.hidden_message() == "wrong answer: the values differ from the expected output"
    assert mismatch.hidden_message(detailed=True) == (
        "wrong answer: the values differ from the expected output (worst relative error 1e-1 at "
        "index [1])")


def test_a_detailed_hidden_mismatch_says_how_far_off_and_where_but_no_value():
    """A numerics-tier case's: the worst relative error, not the largest absolute one: 3 of
    1000 is closer than 0.2 of 1; said as a power of ten."""
    mismatch = compare([[1003.0, 1.2]], [[1000.0, 1.0]], rtol=1e-6, atol=1e-8)
    assert mismatch.hidden_message(detailed=True) == (
        "wrong answer: the values differ from the expected output (worst relative error 1e-1 "
        "at index [0, 1])")
    zero = compare([0.0, 1e-3], [0.0, 0.0], rtol=1e-6, atol=1e-4)
    def told(mismatch):
        return mismatch.hidden_message(detailed=True)

    assert "worst relative error 1e1 at index [1]" in told(zero)  # against atol
    assert "error 1e-9)" in told(compare(1.0 + 1e-12, 1.0, 0.0, 0.0))  # the floor
    assert "error 1e3)" in told(compare(1e300, 1.0, 1e-6, 1e-8))  # the ceiling


def test_compare_checks_declared_properties():
    # Equal to the "expected" output within a loose tolerance, but rows do not sum to 1.
    assert compare([[0.5, 0.6]], [[0.5, 0.5]], rtol=0.05, atol=0.2,
                   properties=("rows_sum_to_one",)).kind == "property"
    assert compare([[-0.1, 1.1]], [[0.0, 1.0]], rtol=0, atol=0.5,
                   properties=("nonnegative",)).kind == "property"


def test_a_sum_may_be_off_by_what_the_tolerance_allows_each_weight():
    """Weights each off by rtol (float32 near scores of 10000) sum to 1 within rtol."""
    near = [[0.2997, 0.6997]]  # each weight 1e-3 below, relatively: the row sums to 0.9994
    assert compare(near, [[0.3, 0.7]], rtol=1e-3, atol=1e-6, properties=("rows_sum_to_one",)) \
        is None
    assert compare(near, [[0.3, 0.7]], rtol=1e-5, atol=1e-3,
                   properties=("rows_sum_to_one",)).kind == "property"


def test_an_output_of_arrays_of_different_shapes_is_compared_part_by_part():
    """A backward pass returns a gradient per input: (dx, dgamma), an n x d matrix and a row."""
    expected = [[[1.0, 2.0], [3.0, 4.0]], [5.0, 6.0]]
    assert [p.shape for p in to_parts(expected)] == [(2, 2), (2,)]
    assert compare([[[1.0, 2.0], [3.0, 4.0]], [5.0, 6.0 + 1e-9]], expected, 1e-6, 1e-8) is None
    moved = compare([[[1.0, 2.0], [3.0, 4.0]], [5.0, 6.5]], expected, 1e-6, 1e-8)
    assert moved.kind == "values" and "[1, 1]" in moved.detail
    swapped = compare([[5.0, 6.0], [[1.0, 2.0], [3.0, 4.0]]], expected, 1e-6, 1e-8)
    assert swapped.kind == "shape" and "2x2, 2" in swapped.detail
    assert compare([[1.0, 2.0], [3.0, 4.0]], expected, 1e-6, 1e-8).kind == "shape"
    assert compare([[[1.0, 2.0], [3.0, 4.0]], [5.0, float("nan")]], expected, 1e-6,
                   1e-8).kind == "nonfinite"
    assert compare([[[1.0, 2.0], [3.0, 4.0]], [-5.0, 6.0]], [[[1.0, 2.0], [3.0, 4.0]],
                   [-5.0, 6.0]], 1e-6, 1e-8, properties=("nonnegative",)).kind == "property"


def test_a_ragged_output_is_still_refused_where_one_array_is_expected():
    assert compare([[1.0, 2.0], [3.0]], [[1.0, 2.0], [3.0, 4.0]], 1e-6, 1e-8).kind == "malformed"


def test_matches_never_matches_missing_output():
    assert not matches(None, [1.0], 1e-6, 1e-8)
    assert not matches([1.0], None, 1e-6, 1e-8)
    assert matches([1.0], [1.0], 1e-6, 1e-8)


finite = st.floats(allow_nan=False, allow_infinity=False, min_value=-1e6, max_value=1e6)


@given(st.lists(finite, min_size=1, max_size=20))
def test_compare_accepts_float32_roundings_of_the_expected_values(values):
    rounded = np.asarray(values, dtype=np.float32).astype(np.float64).tolist()
    assert compare(rounded, values, rtol=1e-5, atol=1e-6) is None


@given(st.lists(finite, min_size=1, max_size=20), st.integers(0, 19), finite)
def test_compare_refuses_any_value_moved_beyond_tolerance(values, index, delta):
    index %= len(values)
    moved = list(values)
    moved[index] += abs(delta) + 1e-3 * (1 + abs(values[index]))
    assert compare(moved, values, rtol=1e-5, atol=1e-6) is not None


@pytest.mark.parametrize(("scale", "tolerance"), [(744, 2e-4), (1004, 3e-4), (3000, 8e-4),
                                                   (10004, 3e-3)])
def test_float32_tolerance_follows_float32_spacing_at_the_scale(scale, tolerance):
    assert float32_tolerance(scale) == tolerance
    assert float32_tolerance(scale) >= 4 * 2.0**-24 * scale


def test_an_output_of_several_shapes_is_compared_part_by_part():
    """A tuple of gradients (dQ 1x2, dK 2x2) arrives as a list of two differently shaped parts."""
    expected = [[[1.0, 2.0]], [[3.0, 4.0], [5.0, 6.0]]]
    assert compare([[[1.0, 2.0]], [[3.0, 4.0], [5.0, 6.0]]], expected, 1e-6, 1e-8) is None
    off = compare([[[1.0, 2.0]], [[3.0, 4.0], [5.0, 6.5]]], expected, 1e-6, 1e-8)
    assert off.kind == "values" and "[1, 1, 1]" in off.detail
    swapped = compare([[[3.0, 4.0], [5.0, 6.0]], [[1.0, 2.0]]], expected, 1e-6, 1e-8)
    assert swapped.kind == "shape" and "1x2, 2x2" in swapped.detail
    assert compare([[1.0, 2.0]], expected, 1e-6, 1e-8).kind == "shape"
    assert compare([[[1.0, 2.0]], [[3.0, 4.0], [5.0]]], expected, 1e-6, 1e-8).kind == "malformed"
    assert compare([[[1.0, 2.0]], [[3.0, 4.0], [5.0, float("inf")]]], expected, 1e-6,
                   1e-8).kind == "nonfinite"


def test_to_parts_splits_only_a_list_of_differently_shaped_items():
    assert [p.shape for p in to_parts([[1.0, 2.0], [3.0, 4.0]])] == [(2, 2)]
    assert [p.shape for p in to_parts([[1.0, 2.0], [3.0]])] == [(2,), (1,)]
    with pytest.raises(MalformedOutput):
        to_parts([[[1.0], [2.0, 3.0]], [1.0]])
