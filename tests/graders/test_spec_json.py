"""A spec's JSON codec (what the app stores per version), beside the spec it encodes."""

import json
from pathlib import Path

from graders.challenge.spec import ChallengeSpec, load_catalog

CHALLENGES = Path(__file__).resolve().parents[2] / "challenges"


def test_every_catalog_spec_round_trips_through_json_text():
    specs, broken = load_catalog(CHALLENGES)
    assert len(specs) >= 12 and broken == {}
    for spec in specs:
        again = ChallengeSpec.from_json(json.loads(json.dumps(spec.to_json())))
        assert again == spec and isinstance(again.mutants[0].explanation, dict)
