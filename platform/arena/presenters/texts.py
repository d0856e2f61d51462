"""Pick the reader's language: from texts stored in several, or by rendering message codes."""

from __future__ import annotations

from flask_babel import force_locale, gettext

from arena.locales import DEFAULT_LOCALE
from graders.core.messages import Text


def localized(texts: dict | None, lang: str) -> str | None:
    """Pick the text in `lang`, falling back to English."""
    if not texts:
        return None
    return texts.get(lang) or texts.get(DEFAULT_LOCALE)


def rendered(data: list | None, english: str, old: dict | None, lang: str) -> str:
    """Render a stored message in `lang`: its codes and values through the catalogs; a row
    from before message codes, from its stored translations; plain words, through gettext
    (the platform's own messages are stored as their English msgid)."""
    with force_locale(lang):
        if data is not None:
            return Text.from_data(data).render(gettext, lang)
        if old and lang in old and "message" in old[lang]:
            return old[lang]["message"]
        return gettext(english) if english else english
