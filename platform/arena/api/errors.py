"""One JSON error shape for the whole API: {"error": {"code": ..., "message": ...}}."""

from __future__ import annotations

from typing import Any

from apiflask import APIFlask, HTTPError, Schema, fields
from flask import request
from flask_limiter import RateLimitExceeded
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from arena.errors import ArenaError, InvalidChallenge, TooManyRequests, Unprocessable
from arena.ratelimit import retry_after

CODES = {
    400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found",
    405: "method_not_allowed", 409: "conflict", 413: "payload_too_large",
    415: "unsupported_media_type", 422: "unprocessable", 429: "too_many_requests",
    500: "internal_error", 503: "unavailable",
}
BODY_METHODS = ("POST", "PUT", "PATCH")
#: What each error status means in this API; a view may say it in its own words.
DESCRIPTIONS = {
    400: "Malformed JSON, JSON nested too deep, or a session request without its CSRF token",
    401: "No valid bearer token (nor a logged-in session)",
    403: "Your role does not allow this",
    404: "Not found, or not yours to see",
    409: "In conflict with the current state",
    413: "The body, or the code in it, is too large",
    422: "A field is missing or invalid: the message names it",
    429: "Too many refused tokens from your address, or (taking code in) too many submissions "
         "and runs of yours: wait Retry-After seconds",
}


class ProblemOut(Schema):
    """One thing wrong with a challenge's files: which file, which line, what."""

    file = fields.String(allow_none=True, metadata={"example": "challenge.toml"})
    line = fields.Integer(allow_none=True, metadata={"example": 3})
    message = fields.String(metadata={"example": "difficulty must be one of easy, medium, hard"})


class ErrorDetailOut(Schema):
    """What went wrong: a stable code for programs, a sentence for people."""

    code = fields.String(required=True, metadata={"example": "not_found"})
    message = fields.String(required=True, metadata={"example": "no challenge called 'nope'"})
    problems = fields.List(fields.Nested(ProblemOut), metadata={
        "description": "With code `invalid_challenge`: what is wrong with the files."})


class ErrorOut(Schema):
    """The API's one error shape."""

    error = fields.Nested(ErrorDetailOut, required=True)


def error_responses(*statuses: int, described: dict[int, str] | None = None) -> dict[int, dict]:
    """Document error statuses in the API's shape; with 401, also 429.

    Past its address's limit, a refused token answers 429 instead of 401 (arena.ratelimit),
    on whichever operation checks it. `described` words a status for one operation.
    """
    words = {**DESCRIPTIONS, **(described or {})}
    documented: dict[int, dict] = {}
    for status in sorted({*statuses, *((429,) if 401 in statuses else ())}):
        documented[status] = {"description": words[status],
                              "content": {"application/json": {"schema": ErrorOut}}}
    if 429 in documented:
        documented[429]["headers"] = {"Retry-After": {
            "description": "Seconds to wait before trying again.", "required": True,
            "schema": {"type": "integer", "minimum": 1}}}
    return documented


def document_bad_bodies(spec: dict) -> dict:
    """Document 400 on every operation that reads a JSON body: any body can be malformed or
    nested too deep (arena.bounds), whichever view it was sent to."""
    for operations in spec["paths"].values():
        for operation in operations.values():
            if "application/json" in operation.get("requestBody", {}).get("content", {}):
                operation["responses"].setdefault("400", {
                    "description": DESCRIPTIONS[400], "content": {"application/json": {
                        "schema": {"$ref": "#/components/schemas/ErrorOut"}}}})
    return spec


def error_response(status: int, message: str, headers: Any = None,
                   code: str | None = None) -> tuple[dict, int, Any]:
    """Build the API's error response."""
    body = {"error": {"code": code or CODES.get(status, "error"), "message": message}}
    return body, status, headers or {}


def describe(detail: Any) -> str:
    """Flatten validation details into one sentence that names each field."""
    if not isinstance(detail, dict):
        return "; ".join(str(item) for item in detail) if isinstance(detail, list) else str(detail)
    parts = []
    for location, by_field in detail.items():
        items = by_field.items() if isinstance(by_field, dict) else [(location, by_field)]
        for field, messages in items:
            name = "body" if field == "_schema" else field
            parts.append(f"{name}: {describe(messages)}")
    return "; ".join(parts)


def render_http_error(error: HTTPError) -> tuple[dict, int, Any]:
    """Render APIFlask's errors (validation, auth, abort) in the API's shape."""
    message = describe(error.detail) if error.detail else error.message
    return error_response(error.status_code, message or "error", error.headers)


def render_arena_error(error: ArenaError) -> tuple[dict, int, Any]:
    """Render a domain error raised by a service (with its problems, for authored files; with
    Retry-After, for too much work in hand)."""
    headers = ({"Retry-After": str(error.retry_after)} if isinstance(error, TooManyRequests)
               else None)
    body, status, headers = error_response(error.status, error.message, headers, error.code)
    if isinstance(error, InvalidChallenge):
        body["error"]["problems"] = [p.to_json() for p in error.problems]
    return body, status, headers


def render_werkzeug_error(error: HTTPException) -> Any:
    """Render Werkzeug's errors (404, 405, 413, bad JSON...) as JSON under /api."""
    if not request.path.startswith("/api/"):
        return error
    headers = {k: v for k, v in error.get_headers() if k.lower() != "content-type"}
    data = getattr(error, "data", None)
    messages = data.get("messages") if isinstance(data, dict) else None
    message = describe(messages) if messages else error.description
    return error_response(error.code or 500, message or error.name, headers)


def render_csrf_error(error: CSRFError) -> Any:
    """Say that a session-authenticated API request lacked a valid CSRF token."""
    if not request.path.startswith("/api/"):
        return error
    message = (f"{error.description} Send the page's CSRF token in the X-CSRFToken header, "
               "or authenticate with a bearer token.")
    return error_response(400, message, code="csrf_failed")


def render_rate_limited(error: RateLimitExceeded) -> Any:
    """Say that a limit was reached and when to try again (the pages have their own 429)."""
    if not request.path.startswith("/api/"):
        return error
    seconds = retry_after()
    return error_response(429, f"too many attempts ({error.description}); try again in "
                               f"{seconds} seconds", {"Retry-After": str(seconds)},
                          code="rate_limited")


def require_utf8_body() -> None:
    """Refuse a request body that is not valid UTF-8 (JSON parsers would only say 400); an
    upload (multipart) carries binary archives, which their own reader checks."""
    if request.method in BODY_METHODS and request.mimetype != "multipart/form-data":
        try:
            request.get_data(cache=True).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise Unprocessable(f"body: not valid UTF-8 (byte {exc.start})") from None


def init_app(app: APIFlask) -> None:
    """Route every error through the API's one shape, and document that shape."""
    app.config["HTTP_ERROR_SCHEMA"] = app.config["VALIDATION_ERROR_SCHEMA"] = ErrorOut
    app.config["AUTH_ERROR_DESCRIPTION"] = DESCRIPTIONS[401]
    app.config["NOT_FOUND_DESCRIPTION"] = DESCRIPTIONS[404]
    app.config["VALIDATION_ERROR_DESCRIPTION"] = DESCRIPTIONS[422]
    app.error_processor(render_http_error)
    app.register_error_handler(ArenaError, render_arena_error)
    app.register_error_handler(HTTPException, render_werkzeug_error)
    app.register_error_handler(CSRFError, render_csrf_error)
    app.register_error_handler(RateLimitExceeded, render_rate_limited)
