"""The judge compares as numbers, whatever shape of data it is given."""


import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from graders.judging.compare import MalformedOutput, compare, float32_tolerance, matches, to_array


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
    assert "0.5" not in mismatch.hidden_message and "[1]" not in mismatch.hidden_message


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
