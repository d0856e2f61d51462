"""The request's language, chosen by ?lang=: English or any locale the app has a catalog for."""

from __future__ import annotations

from apiflask import Schema, fields
from marshmallow import ValidationError

from arena.locales import locales
from graders.locales import DEFAULT_LOCALE


def _known(value: str) -> None:
    if value not in locales():
        raise ValidationError(f"must be one of: {', '.join(locales())}")


class LangQuery(Schema):
    """The language of texts in the answer."""

    lang = fields.String(load_default=DEFAULT_LOCALE, validate=_known,
                         metadata={"description": "Language of texts: en, or any locale with a "
                                                  "catalog (ko)."})
