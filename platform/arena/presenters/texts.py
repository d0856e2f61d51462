"""Pick the reader's language from texts stored in several."""

from __future__ import annotations

DEFAULT_LOCALE = "en"


def localized(texts: dict | None, lang: str) -> str | None:
    """Pick the text in `lang`, falling back to English."""
    if not texts:
        return None
    return texts.get(lang) or texts.get(DEFAULT_LOCALE)


def translated(translations: dict | None, lang: str) -> dict[str, str]:
    """Pick a row's texts in `lang` from its translations table; {} means: keep the English."""
    return (translations or {}).get(lang) or {}
