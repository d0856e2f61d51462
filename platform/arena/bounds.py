"""What a request may hold: ids within the database's integer columns, instants within the
years a course can use, JSON nested so deep, text the database can store.

An id past the columns' range (PostgreSQL's `integer`) would fail in the database, an instant
near year 1 or 9999 overflows when its offset is taken away (`0001-01-01T00:00+14:00` in UTC
is before year 1), JSON nested thousands deep would exhaust the parser's recursion, and a NUL
character or a lone surrogate cannot be stored in PostgreSQL's text (nor encoded as UTF-8):
all must be refused up front. The numbers of a challenge's files are graders.bounds'.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from itertools import accumulate
from typing import Any

from flask import Flask, request
from marshmallow import ValidationError
from werkzeug.exceptions import BadRequest, NotFound
from werkzeug.routing import IntegerConverter

from arena.errors import Unprocessable

#: The largest id the database holds: every id column is a 32-bit signed `integer`.
MAX_ID = 2**31 - 1
#: The instants a request may name (a filter of the submission list, an assignment's opening
#: and due time), from EARLIEST to before LATEST: wider than any course, and so far inside
#: what Python, the database and the pages' JavaScript hold that no offset or duration added
#: to one can overflow.
EARLIEST = datetime(1970, 1, 1, tzinfo=UTC)
LATEST = datetime(3000, 1, 1, tzinfo=UTC)
#: The longest span of days a setting or an option may name (retention, a pruning period):
#: a century, so that taking it from now stays inside what a datetime holds.
MAX_DAYS = 36_500
#: The same in words: the first and the last day (the one before LATEST).
FIRST_DAY, LAST_DAY = f"{EARLIEST:%Y-%m-%d}", f"{LATEST - timedelta(days=1):%Y-%m-%d}"
INSTANTS = f"from {FIRST_DAY} to {LAST_DAY} (UTC)"
#: How deep arrays and objects may nest in a JSON body; the API's bodies need three levels.
MAX_JSON_DEPTH = 32
#: A console call's arguments, as typed: this many bytes at most (arena.services.console).
MAX_CALL_BYTES = 20_000

#: A JSON string, one character at a time (no nested repetition: an unclosed string must not
#: make the scan backtrack exponentially).
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = str.maketrans({"[": "+", "{": "+", "]": "-", "}": "-"})


class IdConverter(IntegerConverter):
    """`<int:...>` in a route: an id in the columns' range, else the route does not match (404).

    At most ten digits, so that a thousand-digit path is not even converted to a number.
    """

    regex = r"\d{1,10}"

    def __init__(self, map, fixed_digits: int = 0, min: int | None = None,  # noqa: A002
                 max: int | None = MAX_ID, signed: bool = False) -> None:  # noqa: A002
        super().__init__(map, fixed_digits, min, max, signed)


def is_id(value: int) -> bool:
    """Tell whether a number can be an id (1 to MAX_ID)."""
    return 0 < value <= MAX_ID


def within_instants(moment: datetime) -> bool:
    """Tell whether an aware instant is from EARLIEST to before LATEST (compared without
    converting it, which could overflow)."""
    return EARLIEST <= moment < LATEST


def check_instant(moment: datetime) -> None:
    """Refuse an instant outside INSTANTS: a validator of the API's date-time fields."""
    if not within_instants(moment):
        raise ValidationError(f"must be {INSTANTS}")


def json_depth(text: str) -> int:
    """Return how deep arrays and objects nest in a JSON text (strings do not count)."""
    steps = _STRING.sub("", text).translate(_BRACKETS)
    return max(accumulate(1 if step == "+" else -1 for step in steps if step in "+-"),
               default=0)


def refuse_deep_json() -> None:
    """Refuse (400) a JSON body nested deeper than MAX_JSON_DEPTH, before any parser sees it."""
    if not request.is_json:
        return
    text = request.get_data(cache=True).decode("utf-8", errors="replace")
    if json_depth(text) > MAX_JSON_DEPTH:
        raise BadRequest(f"The JSON body nests arrays or objects more than {MAX_JSON_DEPTH} "
                         "deep.")


def unstorable(text: str) -> str | None:
    """Say why a text cannot be stored (a NUL character, a lone surrogate), or None."""
    if "\x00" in text:
        return "contains a NUL character"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "contains a lone surrogate; send valid UTF-8 text"
    return None


def _strings(value: Any, name: str) -> Iterator[tuple[str, str]]:
    """Yield (field name, text) for every key and string in parsed JSON."""
    if isinstance(value, str):
        yield name, value
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item, name)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield name, key
            yield from _strings(item, key)


def refuse_unstorable_text() -> None:
    """Refuse a path (404), a query, a form or a JSON body (422) holding text that cannot be
    stored, whichever view would read it; a request that matches no route answers its 404."""
    if request.endpoint is None:
        return
    if any(isinstance(v, str) and unstorable(v) for v in (request.view_args or {}).values()):
        raise NotFound()
    fields = [*request.args.items(multi=True)]
    if request.mimetype in ("application/x-www-form-urlencoded", "multipart/form-data"):
        fields += request.form.items(multi=True)
    if request.is_json:
        fields += _strings(request.get_json(silent=True), "body")
    for name, text in fields:
        reason = unstorable(name) or unstorable(text)
        if reason:
            raise Unprocessable(f"{name}: {reason}")


def init_app(app: Flask) -> None:
    """Bound route ids, JSON bodies and text; call before any route is added."""
    app.url_map.converters["int"] = IdConverter
    app.before_request(refuse_deep_json)  # first: the text check parses the body
    app.before_request(refuse_unstorable_text)

#: The AI review (arena.services.review): the longest reply kept (characters), the most tokens
#: asked of the model, and how much of one public row's input, expected or got it is shown.
REVIEW_MAX_CHARS = 4000
REVIEW_MAX_TOKENS = 600
REVIEW_ROW_CHARS = 1500
