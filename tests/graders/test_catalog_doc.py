"""docs/catalog.md is generated from the challenge folders; CI catches it going stale."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REGENERATE = "run `arena challenges catalog -o docs/catalog.md`"


def test_the_catalog_page_lists_exactly_the_challenge_folders():
    folders = {p.name for p in (ROOT / "challenges").iterdir() if (p / "challenge.toml").exists()}
    page = (ROOT / "docs" / "catalog.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| \d+ \| `([a-z0-9-]+)` \|", page, flags=re.MULTILINE))
    assert not folders - listed, f"missing from docs/catalog.md: {sorted(folders - listed)}; "\
                                 f"{REGENERATE}"
    assert not listed - folders, f"no such folder: {sorted(listed - folders)}; {REGENERATE}"
