"""The request's language, chosen by ?lang=, else by the Accept-Language header: English or any
locale the app has a catalog for."""

from __future__ import annotations

from apiflask import Schema, fields
from flask import request
from marshmallow import ValidationError

from arena.locales import locales
from graders.locales import DEFAULT_LOCALE


def _known(value: str) -> None:
    if value not in locales():
        raise ValidationError(f"must be one of: {', '.join(locales())}")


def _preferred() -> str:
    """Return the locale the request's Accept-Language header prefers, else English."""
    return request.accept_languages.best_match(locales(), default=DEFAULT_LOCALE)


class LangQuery(Schema):
    """The language of texts in the answer."""

    lang = fields.String(load_default=_preferred, validate=_known,
                         metadata={"description": "Language of texts: en, or any locale with a "
                                                  "catalog (ko); without it, the one the "
                                                  "Accept-Language header prefers."})
