"""Instants on the pages: stored in UTC, written as <time datetime="...Z"> with UTC text, which
frontend/src/times.js rewrites in the reader's zone (without a script the page shows UTC)."""

from __future__ import annotations

from datetime import UTC, datetime


def utc_iso(at: datetime) -> str:
    """Return an instant as ISO 8601 in UTC, for a <time datetime> attribute."""
    return at.astimezone(UTC).replace(tzinfo=None, microsecond=0).isoformat() + "Z"


def utc_text(at: datetime) -> str:
    """Return an instant as text in UTC, what a page shows until a script shows local time."""
    return at.astimezone(UTC).isoformat(" ", "minutes")[:16] + " UTC"
