"""Pick the reader's language: from texts stored in several, or by rendering message codes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from flask_babel import force_locale, gettext

from graders.locales import DEFAULT_LOCALE
from graders.messages import Text

T = TypeVar("T")


def localized(texts: Mapping[str, T] | None, lang: str) -> T | None:
    """Pick the text (or texts) in `lang`, falling back to English."""
    if not texts:
        return None
    return texts.get(lang) or texts.get(DEFAULT_LOCALE)


def rendered(data: list | None, english: str, lang: str) -> str:
    """Render a stored message in `lang`: the grader's, from its codes and values through the
    catalogs; the platform's own (no codes), from its English msgid through gettext."""
    with force_locale(lang):
        if data is not None:
            return Text.from_data(data).render(gettext, lang)
        return gettext(english) if english else english
