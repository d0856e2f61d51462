"""The request's language, chosen by ?lang=en|ko."""

from __future__ import annotations

from apiflask import Schema, fields
from apiflask.validators import OneOf

from arena.presenters import DEFAULT_LOCALE

LOCALES = ("en", "ko")


class LangQuery(Schema):
    """The language of texts in the answer."""

    lang = fields.String(load_default=DEFAULT_LOCALE, validate=OneOf(LOCALES),
                         metadata={"description": "Language of texts: en or ko."})
