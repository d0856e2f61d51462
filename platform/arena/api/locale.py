"""The request's language, chosen by ?lang=en|ko."""

from __future__ import annotations

from apiflask import Schema, fields
from apiflask.validators import OneOf

LOCALES = ("en", "ko")
DEFAULT_LOCALE = "en"


class LangQuery(Schema):
    """The language of texts in the answer."""

    lang = fields.String(load_default=DEFAULT_LOCALE, validate=OneOf(LOCALES),
                         metadata={"description": "Language of texts: en or ko."})


def localized(texts: dict | None, lang: str) -> str | None:
    """Pick the text in `lang`, falling back to English."""
    if not texts:
        return None
    return texts.get(lang) or texts.get(DEFAULT_LOCALE)


def translated(translations: dict | None, lang: str) -> dict[str, str]:
    """Pick a row's texts in `lang` from its translations table; {} means: keep the English."""
    return (translations or {}).get(lang) or {}
