"""The front-end bundle's chunk names, read from the manifest esbuild writes beside it."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from flask import url_for

MANIFEST = Path(__file__).resolve().parent / "static" / "dist" / "manifest.json"


@lru_cache(maxsize=4)
def _chunks(mtime: float) -> dict[str, str]:
    return json.loads(MANIFEST.read_text(encoding="utf-8"))


def chunk_url(name: str) -> str | None:
    """Return the URL of a named chunk (to preload it), or None without a built bundle."""
    try:
        chunks = _chunks(MANIFEST.stat().st_mtime)
    except (OSError, ValueError):
        return None
    return url_for("static", filename=f"dist/{chunks[name]}") if name in chunks else None
