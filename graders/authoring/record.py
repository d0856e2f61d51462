"""The validation record: which exact content of each challenge folder `arena challenges
validate` proved valid (challenges/validated.toml, kept beside the folders).

`sync` publishes a folder whose content hash the record names without running the sandbox
again; any other content waits for a validation of its own. The record is as trusted as the
folders themselves: whoever can edit it can edit them.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

RECORD = "validated.toml"
HEADER = ("# Written by `arena challenges validate`: the content hash of each folder it proved\n"
          "# valid. `arena challenges sync` publishes exactly these contents at once; a changed\n"
          "# folder is validated first. Do not edit by hand.\n[validated]\n")


def read_record(root: Path) -> dict[str, str]:
    """Return the recorded content hash of each challenge proved valid (empty if none)."""
    path = Path(root) / RECORD
    if not path.is_file():
        return {}
    try:
        table = tomllib.loads(path.read_text(encoding="utf-8")).get("validated", {})
    except (tomllib.TOMLDecodeError, UnicodeDecodeError):
        return {}  # a broken record proves nothing: everything is validated again
    return {slug: h for slug, h in table.items() if isinstance(h, str)}


def update_record(root: Path, valid: dict[str, str], invalid: set[str]) -> None:
    """Record `valid` (slug -> content hash) and forget `invalid`, keeping the other entries."""
    record = {**read_record(root), **valid}
    for slug in invalid:
        record.pop(slug, None)
    lines = "".join(f'"{slug}" = "{record[slug]}"\n' for slug in sorted(record))
    (Path(root) / RECORD).write_text(HEADER + lines, encoding="utf-8")
