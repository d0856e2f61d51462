"""The interface's languages: English, plus one for each catalog the app was given."""

from __future__ import annotations

from flask import current_app


def locales() -> tuple[str, ...]:
    """Return the app's locales, English first (set by arena.web.i18n at start-up)."""
    return current_app.config["LOCALES"]
