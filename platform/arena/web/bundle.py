"""The front-end bundle: its files' hashed names, read from the manifest esbuild writes beside
them, and the long-lived cache headers those files can have because their names change with
their content."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from flask import Flask, current_app, request, url_for
from werkzeug.wrappers import Response

# esbuild's [hash]: eight characters of base32 before the extension (app-2HH6JXXS.js).
HASHED = re.compile(r"^dist/(?:[\w.-]+/)*[\w.-]+-[A-Z2-7]{8}\.(?:js|css|woff2|woff|ttf)$")
ONE_YEAR = 365 * 24 * 3600


@lru_cache(maxsize=4)
def _files(manifest: Path, mtime: float) -> dict[str, str]:
    return json.loads(manifest.read_text(encoding="utf-8"))


def bundle_url(name: str) -> str | None:
    """Return the URL of a bundle file by its source name ("app.js", "app.css", "editor.js"),
    or None without a built bundle."""
    manifest = Path(current_app.static_folder or "", "dist", "manifest.json")
    try:
        files = _files(manifest, manifest.stat().st_mtime)
    except (OSError, ValueError):
        return None
    return url_for("static", filename=f"dist/{files[name]}") if name in files else None


def cache_hashed_files(response: Response) -> Response:
    """Let browsers keep a hashed bundle file for a year without asking again: its name is new
    whenever its content changes. Everything else keeps Flask's revalidation."""
    filename = (request.view_args or {}).get("filename", "")
    if (request.endpoint == "static" and response.status_code in (200, 206, 304)
            and HASHED.match(filename)):
        response.cache_control.no_cache = None
        response.cache_control.public = True
        response.cache_control.max_age = ONE_YEAR
        response.cache_control.immutable = True
        response.headers.pop("Expires", None)  # send_file dates it now: stale at once
    return response


def init_app(app: Flask) -> None:
    """Offer `bundle_url` to templates; send the cache headers."""
    app.jinja_env.globals["bundle_url"] = bundle_url
    app.after_request(cache_hashed_files)
