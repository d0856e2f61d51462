"""Which content languages exist, and where a challenge keeps each one.

A language exists when the interface has a catalog for it: English, plus one language per
`<folder>/<locale>/LC_MESSAGES/messages.po`, the folder being `ARENA_TRANSLATIONS_DIR` or
else the app's own `translations` (found as files: graders never imports the app). A new
language is that catalog and the content's entries, no code: a statement per language in
`statement.<locale>.md`, and every other text (titles, hints, explanations, check messages,
case names) one table by locale, English required: {"en": ..., "ko": ...}.
"""

from __future__ import annotations

import os
from functools import cache
from importlib.util import find_spec
from pathlib import Path

DEFAULT_LOCALE = "en"
TRANSLATIONS_SETTING = "ARENA_TRANSLATIONS_DIR"


@cache  # read once per folder: catalogs come with a release, not while it runs
def catalog_locales(folder: Path) -> tuple[str, ...]:
    """Return English and every locale with a catalog under `folder`."""
    found = sorted(po.parents[1].name for po in folder.glob("*/LC_MESSAGES/messages.po"))
    return (DEFAULT_LOCALE, *(code for code in found if code != DEFAULT_LOCALE))


def translations_folder() -> Path:
    """Return the folder of the interface's catalogs: the setting's, else the app's own."""
    if os.environ.get(TRANSLATIONS_SETTING):
        return Path(os.environ[TRANSLATIONS_SETTING])
    return _app_translations()


@cache
def _app_translations() -> Path:
    app = find_spec("arena")  # the package's place only: its code is not run
    return Path(app.submodule_search_locations[0]) / "translations"


def content_locales() -> tuple[str, ...]:
    """Return the languages content may be written in, English first."""
    return catalog_locales(translations_folder())


def translated_locales() -> tuple[str, ...]:
    """Return the languages content is translated into: every one but English."""
    return content_locales()[1:]


def statement_file(locale: str) -> str:
    """Return the name of a challenge's statement in `locale`."""
    return f"statement.{locale}.md"


def editorial_file(locale: str) -> str:
    """Return the name of a challenge's editorial in `locale`."""
    return f"editorial.{locale}.md"
