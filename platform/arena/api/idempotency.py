"""The `Idempotency-Key` request header on the API's creating POSTs (arena.services.idempotency):
`idempotent` wraps a view, `document_header` puts the header in the OpenAPI document."""

from __future__ import annotations

import hashlib
import json
import logging
import re
from collections.abc import Callable
from functools import partial, wraps
from typing import Any

from flask import Response, after_this_request, current_app, request

from arena.api.auth import current_user
from arena.extensions import db
from arena.services.idempotency import (
    KEPT,
    KEY_RULE,
    Answer,
    Provisional,
    claim,
    fingerprint,
    forget_pending,
    parse_key,
    record,
)

log = logging.getLogger(__name__)
HEADER = "Idempotency-Key"
#: Set on an answer sent again for a key (not the request's own).
REPLAYED = "Idempotent-Replayed"
DESCRIPTION = (
    f"Optional, {KEY_RULE}; a new one for each new request. The same key from the same user "
    f"within {KEPT.total_seconds() / 3600:g} hours gets the first answer again (status and "
    f"body, with `{REPLAYED}: true`) and stores nothing more; with another request (another "
    "body, path or query) it answers 422 `idempotency_key_reused`, and while the first is "
    "not answered, 409 `idempotency_key_in_progress`. A request that failed before storing "
    "anything leaves the key free. Retry a timeout, a lost connection, a 502, 503 or 504 "
    "with the same key.")


def idempotent(view: Callable[..., Any] | None = None, *, created: type | None = None,
               answer: Callable[[Any], tuple] | None = None) -> Any:
    """Honour the request's Idempotency-Key, if any (the innermost decorator of a view: the
    user is known and the body valid). `answer`, given the first new row of `created` (or
    None), returns the view's answer as a view returns it: then the commit that stores the
    work stores that answer with the key (arena.services.idempotency.Provisional)."""
    if view is None:
        return partial(idempotent, created=created, answer=answer)

    @wraps(view)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        value = request.headers.get(HEADER)
        if value is None:
            return view(*args, **kwargs)
        key = parse_key(value)
        user = current_user()
        user_id = user.id
        request_print = fingerprint(request.method, request.path,
                                    list(request.args.items(multi=True)), _body())
        provisional = Provisional(created, _as_answer(answer)) if answer else None
        first = claim(user, key, request_print, provisional)
        if first is not None:
            return Response(first.body, first.status, mimetype="application/json",
                            headers={REPLAYED: "true",
                                     **({"Location": first.location} if first.location
                                        else {})})

        @after_this_request
        def remember(response: Response) -> Response:
            forget_pending()
            sent = Answer(response.status_code, response.get_data(as_text=True),
                          response.headers.get("Location"))
            try:
                db.session.rollback()  # what the request did not commit is not its work
                if not (provisional and provisional.written and provisional.written.says(sent)):
                    record(user_id, key, request_print, sent)  # else stored with the work
            except Exception:  # the client still gets this answer
                log.exception("could not record the answer to an idempotency key")
                db.session.rollback()
            return response

        return view(*args, **kwargs)

    wrapper.idempotent = True  # type: ignore[attr-defined]
    return wrapper


def _body() -> bytes:
    """Return the request's body as its fingerprint sees it: a multipart upload by its fields
    and files (a client sending it again may choose another boundary), else its bytes."""
    if request.mimetype != "multipart/form-data":
        return request.get_data(cache=True)
    files = []
    for name, upload in request.files.items(multi=True):
        files.append((name, upload.filename or "", hashlib.sha256(upload.read()).hexdigest()))
        upload.seek(0)
    return json.dumps([sorted(request.form.items(multi=True)), sorted(files)]).encode()


def _as_answer(answer: Callable[[Any], tuple]) -> Callable[[Any], Answer]:
    """Turn a view-style answer (body, status, headers) into a stored Answer."""
    def stored(row: Any) -> Answer:
        body, status, headers = answer(row)
        return Answer(status, json.dumps(body), headers.get("Location"))
    return stored


def document_header(spec: dict) -> dict:
    """Put the header, and the 400, 409 and 422 it may answer, on each idempotent operation."""
    parameter = {"name": HEADER, "in": "header", "required": False, "description": DESCRIPTION,
                 "schema": {"type": "string"}}
    for rule in current_app.url_map.iter_rules():
        if not getattr(current_app.view_functions[rule.endpoint], "idempotent", False):
            continue
        path = re.sub(r"<(?:[^<>:]+:)?([^<>]+)>", r"{\1}", rule.rule)
        operation = spec["paths"].get(path, {}).get("post")
        if operation is None:
            continue
        operation.setdefault("parameters", []).append(parameter)
        responses = operation["responses"]
        for status, code in (("400", "bad_idempotency_key"),
                             ("409", "idempotency_key_in_progress"),
                             ("422", "idempotency_key_reused")):
            said = f"code `{code}`: see the {HEADER} header"
            if status in responses:
                responses[status]["description"] += f"; or {said}"
            else:
                responses[status] = {"description": f"With {said}", "content": {
                    "application/json": {"schema": {"$ref": "#/components/schemas/ErrorOut"}}}}
    return spec
