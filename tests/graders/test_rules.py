"""The rules under every statement come from the spec alone, said once."""

import dataclasses
from pathlib import Path

import pytest

from graders.challenge.rules import FLOAT32_RTOL, LIBRARIES, rules
from graders.challenge.spec import ChallengeFormatError, load_challenge, load_files
from graders.files.folder import folder_files

CHALLENGES = Path(__file__).resolve().parents[2] / "challenges"


@pytest.fixture(scope="module")
def softmax():
    return load_challenge(CHALLENGES / "softmax")


def test_every_challenge_has_its_four_rules(softmax):
    said = rules(softmax)
    assert [part[0] for rule in said for part in rule.parts] == [
        "rule_arguments_read_only", "rule_float32", "rule_libraries", "rule_limits"]
    assert said[1] == ("Float32 code is accepted: outputs are compared with a relative "
                       "tolerance of at least 1e-05 and an absolute tolerance of at least "
                       "1e-06, room enough for float32's rounding.")
    assert said[2] == f"You may import {', '.join(LIBRARIES)} and Python's standard library."
    assert said[3] == "Each run of the tests has 10 seconds and 512 MB of memory."


def test_a_tighter_tolerance_asks_for_float64(softmax):
    tight = dataclasses.replace(softmax, rtol=FLOAT32_RTOL / 10)
    assert rules(tight)[1].startswith("Compute in float64")


def test_the_kv_cache_may_change_its_cache_only():
    spec = load_challenge(CHALLENGES / "kv-cache")
    assert spec.parameters == ("X", "Wq", "Wk", "Wv", "cache_K", "cache_V")
    assert spec.arguments == {"names": list(spec.parameters), "mutable": ["cache_K", "cache_V"]}
    assert rules(spec)[0] == ("Your function may change cache_K, cache_V; every other "
                              "argument is read-only.")


def test_mutable_args_must_name_parameters():
    files = folder_files(CHALLENGES / "softmax")
    files["challenge.toml"] = b'mutable_args = ["logits"]\n' + files["challenge.toml"]
    with pytest.raises(ChallengeFormatError, match="mutable_args must list parameters"):
        load_files(files, "softmax")
