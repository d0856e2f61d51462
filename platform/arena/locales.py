"""The interface's languages: English, plus one for each catalog the app was given."""

from __future__ import annotations

from pathlib import Path

from flask import current_app

DEFAULT_LOCALE = "en"


def available_locales(source: Path) -> tuple[str, ...]:
    """Return English and every locale with a catalog under `source`."""
    found = sorted(po.parents[1].name for po in source.glob("*/LC_MESSAGES/messages.po"))
    return (DEFAULT_LOCALE, *(code for code in found if code != DEFAULT_LOCALE))


def locales() -> tuple[str, ...]:
    """Return the app's locales, English first (set by arena.web.i18n at start-up)."""
    return current_app.config["LOCALES"]
