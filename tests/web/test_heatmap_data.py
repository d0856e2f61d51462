"""A challenge's heatmap comes from its folder alone: a [weights_probe] in challenge.toml makes
the page draw attention, and preparing the version gives each public example the reference's
weights, whatever the entry point computes."""

import json
import re
import shutil
from pathlib import Path

import numpy as np
import pytest

from arena.jobs.preparation import prepare_version
from arena.jobs.sandbox import get_sandbox
from arena.services.catalog import get_challenge, sync_catalog
from graders.authoring.record import update_record
from graders.challenge.spec import load_catalog

SLUG = "sharp-attention"


@pytest.fixture
def new_catalog(app, tmp_path) -> Path:
    """A catalog of softmax and a challenge no code knows: attention under a new name and entry
    point whose scores are twice as sharp, copied from scaled-dot-product-attention."""
    root = tmp_path / "catalog"
    challenges = Path(app.config["CHALLENGES_DIR"])
    shutil.copytree(challenges / "softmax", root / "softmax")
    folder = shutil.copytree(challenges / "scaled-dot-product-attention", root / SLUG)
    for path in folder.rglob("*.py"):
        path.write_text(path.read_text().replace("def attention(", "def sharp_attention("))
    reference = folder / "reference.py"
    reference.write_text(reference.read_text().replace(
        "scale = math.sqrt(len(Q[0]))", "scale = math.sqrt(len(Q[0])) / 2"))
    toml = folder / "challenge.toml"
    toml.write_text(toml.read_text()
                    .replace('slug = "scaled-dot-product-attention"', f'slug = "{SLUG}"')
                    .replace('entry_point = "attention"', 'entry_point = "sharp_attention"'))
    # Recorded as proven, as `arena challenges validate` would: these tests are about the page
    # and the prepared weights, not the proof (tests/arena/test_catalog.py validates for real).
    specs, _ = load_catalog(root)
    update_record(root, {spec.slug: spec.content_hash for spec in specs}, set())
    return root


def _page_data(client, slug: str) -> dict:
    html = client.get(f"/challenges/{slug}").get_data(as_text=True)
    script = re.search(r'<script type="application/json" id="challenge-data">(.*?)</script>',
                       html, re.S)
    return json.loads(script.group(1)) | {"has_heatmap": 'id="challenge-heatmap"' in html}


def _softmax_rows(S: np.ndarray) -> np.ndarray:
    e = np.exp(S - S.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def test_a_weights_probe_alone_makes_the_page_draw_attention(app, client, new_catalog):
    with app.app_context():
        sync_catalog(new_catalog)
    data = _page_data(client, SLUG)
    assert data["attention"] is True and data["has_heatmap"]
    assert data["entry_point"] == "sharp_attention" and data["examples"] == []  # unprepared
    assert (data["rtol"], data["atol"]) == (1e-5, 1e-6)  # the tolerance its cells are flagged by
    plain = _page_data(client, "softmax")
    assert plain["attention"] is False and not plain["has_heatmap"]


@pytest.mark.sandbox
def test_each_public_example_carries_the_reference_weights(app, client, new_catalog):
    with app.app_context():
        sync_catalog(new_catalog)
        prepare_version(get_challenge(SLUG).current_version, get_sandbox(app))
    examples = _page_data(client, SLUG)["examples"]
    assert len(examples) == 2
    for example in examples:
        Q, K = (np.asarray(a, dtype=float) for a in example["input"]["args"][:2])
        sharp = _softmax_rows(2 * Q @ K.T / np.sqrt(K.shape[1]))  # what this reference computes
        assert np.allclose(example["weights"], sharp)
    api = client.get(f"/api/v1/challenges/{SLUG}").get_json()["examples"]
    assert [e["weights"] for e in api] == [e["weights"] for e in examples]
