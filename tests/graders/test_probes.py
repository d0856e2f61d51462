"""Reading attention weights, the reference's and a learner's, off a function that returns W V."""

import dataclasses
import shutil
from pathlib import Path

import numpy as np
import pytest

from graders.challenge.prepared import Prepared
from graders.challenge.spec import ChallengeFormatError, load_challenge
from graders.declarations.probes import (
    PROBES,
    ReplacedArgument,
    probe_allowance,
    probe_inputs,
    probe_problems,
    weights_of,
)
from graders.grading.grade import grade
from graders.grading.prepare import prepare
from graders.verdicts import Verdict

CHALLENGES = Path(__file__).resolve().parents[2] / "challenges"
IDENTITY = {"replace": 2, "with": "identity"}
PSEUDO_INVERSE = {"replace": 3, "with": "pseudo_inverse", "of": 0}


def test_identity_replaces_the_values_by_one_row_per_key():
    probed = probe_inputs(IDENTITY, [[[1, 0]], [[1, 0], [0, 1], [1, 1]], [[5], [6], [7]]], {})
    assert probed["args"][2] == np.eye(3).tolist()
    assert probed["args"][:2] == [[[1, 0]], [[1, 0], [0, 1], [1, 1]]]


def test_pseudo_inverse_gives_the_identity_through_the_projection():
    X = [[1.0, 2.0, 0.0], [0.0, 1.0, 3.0]]
    Wv = probe_inputs(PSEUDO_INVERSE, [X, [], [], [[0.0]] * 3], {})["args"][3]
    assert np.allclose(np.array(X) @ np.array(Wv), np.eye(2))


def test_no_probe_where_the_tokens_have_no_right_inverse():
    tall = [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]  # three tokens of width 2
    repeated = [[1.0, 2.0, 3.0], [1.0, 2.0, 3.0]]
    assert probe_inputs(PSEUDO_INVERSE, [tall, [], [], []], {}) is None
    assert probe_inputs(PSEUDO_INVERSE, [repeated, [], [], []], {}) is None
    assert probe_inputs(IDENTITY, [[[1.0]], [[1.0]]], {}) is None  # V not given


def test_where_the_output_is_the_weights_the_probe_calls_again_as_it_is():
    output = {"with": "output"}
    assert probe_problems(output) == []
    Q, K = [[1, 0], [0, 1]], [[1, 0], [0, 1], [1, 1]]
    assert probe_inputs(output, [Q, K], {"scale": 2}) == {"args": [Q, K], "kwargs": {"scale": 2}}
    expected = [[0.2, 0.3, 0.5], [0.5, 0.3, 0.2]]
    assert probe_allowance(output, {"args": [Q, K], "kwargs": {}}, expected) == \
        probe_allowance(IDENTITY, {"args": [Q, K, np.eye(3).tolist()], "kwargs": {}}, expected)


def test_only_finite_matrices_are_weights():
    assert weights_of([[0.5, 0.5]]) == [[0.5, 0.5]]
    assert weights_of([0.5, 0.5]) is None
    assert weights_of([[float("nan")]]) is None
    assert weights_of([[1.0], [1.0, 2.0]]) is None
    assert weights_of(None) is None


def test_prepared_data_from_before_the_reference_weights_still_loads():
    old = {"content_hash": "0123", "cases": [
        {"name": "one", "public": True, "args": [[[1.0]], [[1.0]], [[2.0]]], "kwargs": {},
         "expected": [[2.0]], "mutant_outputs": {}, "checks": [], "names": {},
         "rtol": None, "atol": None}]}
    assert Prepared.from_json(old).public_examples()[0]["weights"] is None


def test_a_malformed_probe_is_an_authoring_error(tmp_path):
    assert probe_problems({"replace": "V", "with": "ones"}) == [
        "weights_probe.with must be one of ('identity', 'pseudo_inverse', 'output')",
        "weights_probe.replace must be an argument index"]
    folder = shutil.copytree(CHALLENGES / "softmax", tmp_path / "softmax")
    toml = folder / "challenge.toml"
    toml.write_text(toml.read_text() + '\n[weights_probe]\nreplace = 0\nwith = "pseudo_inverse"\n')
    with pytest.raises(ChallengeFormatError, match="weights_probe.of"):
        load_challenge(folder)


def test_a_new_probe_kind_is_one_class(monkeypatch):
    monkeypatch.setitem(PROBES, "halved", None)  # removed after the test

    class Halved(ReplacedArgument):
        kind = "halved"

        def stand_in(self, probe, args):
            return np.eye(len(args[probe["replace"]])) / 2

    assert probe_problems({"with": "halved", "replace": 1}) == []
    assert probe_problems({"with": "halved"}) == ["weights_probe.replace must be an argument index"]
    assert "'halved'" in probe_problems({"with": "twice", "replace": 1})[0]
    inputs = probe_inputs({"with": "halved", "replace": 1}, [[[1.0]], [[0.0], [0.0]]], {})
    assert inputs == {"args": [[[1.0]], [[0.5, 0.0], [0.0, 0.5]]], "kwargs": {}}
    assert probe_allowance({"with": "halved", "replace": 1}, inputs, [[1.0]]) == 4 * 2 + 256


# Through the real sandbox: the probe reads the reference's weights, a bug shows in them, and
# nothing the probe sees changes a verdict.

NO_SCALING = '''
import numpy as np

def attention(Q, K, V):
    Q, K, V = (np.asarray(x, dtype=float) for x in (Q, K, V))
    s = Q @ K.T
    w = np.exp(s - s.max(axis=1, keepdims=True))
    return (w / w.sum(axis=1, keepdims=True)) @ V
'''


@pytest.fixture(scope="module")
def sdpa(make_sandbox):
    sandbox = make_sandbox("process")
    spec = load_challenge(CHALLENGES / "scaled-dot-product-attention")
    return spec, prepare(spec, sandbox), sandbox


def _softmax_rows(S):
    e = np.exp(S - S.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


@pytest.mark.sandbox
def test_the_reference_weights_are_read_on_every_public_example(sdpa):
    spec, prepared, sandbox = sdpa
    report = grade(spec, prepared, spec.reference, sandbox, public_only=True)
    assert report.verdict == Verdict.ACCEPTED
    for test, case in zip(report.tests, prepared.cases, strict=False):
        Q, K = (np.array(a, dtype=float) for a in case.args[:2])
        assert np.allclose(test.weights, _softmax_rows(Q @ K.T / np.sqrt(K.shape[1])))


@pytest.mark.sandbox
def test_preparing_reads_the_reference_weights_on_public_examples_only(sdpa):
    _, prepared, _ = sdpa
    for case in prepared.cases:
        if not case.public:
            assert case.weights is None
            continue
        Q, K = (np.array(a, dtype=float) for a in case.args[:2])
        assert np.allclose(case.weights, _softmax_rows(Q @ K.T / np.sqrt(K.shape[1])))
    assert [e["weights"] for e in prepared.public_examples()] == \
        [c.weights for c in prepared.cases if c.public]


@pytest.mark.sandbox
def test_a_missing_scale_shows_in_the_learners_weights(sdpa):
    spec, prepared, sandbox = sdpa
    report = grade(spec, prepared, NO_SCALING, sandbox, public_only=True)
    test, case = report.tests[1], prepared.cases[1]
    Q, K = (np.array(a, dtype=float) for a in case.args[:2])
    assert np.allclose(test.weights, _softmax_rows(Q @ K.T))
    assert not np.allclose(test.weights, _softmax_rows(Q @ K.T / 2.0))


@pytest.mark.sandbox
def test_a_probe_that_fails_or_hangs_changes_no_verdict(sdpa):
    spec, prepared, sandbox = sdpa
    picky = spec.reference + (
        "\n_reference = attention\n"
        "def attention(Q, K, V):\n"
        "    if len(V) == len(V[0]) and all(V[i][i] == 1.0 for i in range(len(V))):\n"
        "        while True:\n"
        "            pass\n"
        "    return _reference(Q, K, V)\n")
    quick = dataclasses.replace(spec, time_limit=3.0)
    report = grade(quick, prepared, picky, sandbox)
    assert report.verdict == Verdict.ACCEPTED and report.passed == report.total
    assert [t.weights for t in report.tests if not t.hidden] == [None, None]
    assert all(t.weights is None for t in report.tests if t.hidden)
