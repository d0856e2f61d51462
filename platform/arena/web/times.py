"""Instants on the pages: stored in UTC, written as <time datetime="...Z"> with UTC text, which
frontend/src/times.js rewrites in the reader's zone (without a script the page shows UTC)."""

from __future__ import annotations

from datetime import UTC, datetime


def _utc_seconds(at: datetime) -> str:
    """Return an instant in UTC as YYYY-MM-DDTHH:MM:SS (stored instants are in UTC already:
    a gradebook formats thousands, so they are not converted again)."""
    return (at if at.tzinfo is UTC else at.astimezone(UTC)).isoformat(timespec="seconds")[:19]


def utc_iso(at: datetime) -> str:
    """Return an instant as ISO 8601 in UTC, for a <time datetime> attribute."""
    return _utc_seconds(at) + "Z"


def _text(seconds: str) -> str:
    """Return what a page shows of an instant until a script shows it in local time."""
    return f"{seconds[:10]} {seconds[11:16]} UTC"


def utc_text(at: datetime) -> str:
    """Return an instant as text in UTC, what a page shows until a script shows local time."""
    return _text(_utc_seconds(at))


def time_element(at: datetime) -> str:
    """Return a <time> of an instant (its UTC text inside), formatting the instant once."""
    seconds = _utc_seconds(at)
    return f'<time datetime="{seconds}Z">{_text(seconds)}</time>'
