"""Error pages for people: the API keeps its JSON shape, the pages get HTML in their language."""

from __future__ import annotations

from datetime import timedelta

from flask import Blueprint, Flask, render_template, request
from flask_babel import format_timedelta
from flask_babel import gettext as _
from flask_limiter import RateLimitExceeded
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, NotFound

from arena.api.errors import render_werkzeug_error
from arena.errors import ArenaError, TooManyRequests
from arena.ratelimit import retry_after


def _page(status: int, message: str) -> tuple[str, int]:
    """Render the error page."""
    return render_template("error.html", status=status, message=message), status


def render_csrf_error(_error: CSRFError) -> tuple[str, int]:
    """Explain a form sent without a valid CSRF token (often: the page was too old)."""
    return _page(400, _("This form expired or did not come from this site. "
                        "Go back, reload the page and try again."))


def render_rate_limited(_error: RateLimitExceeded | TooManyRequests,
                        seconds: int | None = None) -> tuple[str, int, dict[str, str]]:
    """Ask the visitor to wait: too many attempts (login, registration, code) from them."""
    seconds = seconds or retry_after()
    wait = format_timedelta(timedelta(seconds=seconds), granularity="second",
                            add_direction=False)
    page, status = _page(429, _("Too many attempts. Wait %(wait)s and try again.", wait=wait))
    return page, status, {"Retry-After": str(seconds)}


def render_arena_error(error: ArenaError) -> tuple[str, int]:
    """Render a service's refusal (most often: no such challenge or submission)."""
    if isinstance(error, TooManyRequests):
        return render_rate_limited(error, error.retry_after)
    if error.status == 404:
        return _page(404, _("There is nothing here."))
    return _page(error.status, _("The request was refused."))


def render_http_error(error: HTTPException) -> tuple[str, int]:
    """Render any other HTTP error of a page."""
    if error.code == 404:
        return _page(404, _("There is nothing here."))
    return _page(error.code or 500, _("The request was refused."))


def render_not_found(error: NotFound):
    """Render an unknown address: JSON under /api/, a page elsewhere."""
    if request.path.startswith("/api/"):
        return render_werkzeug_error(error)
    return render_http_error(error)


def init_app(app: Flask, web: Blueprint) -> None:
    """Give the pages HTML errors; unknown addresses outside /api/ get the HTML 404 too."""
    web.register_error_handler(CSRFError, render_csrf_error)
    web.register_error_handler(RateLimitExceeded, render_rate_limited)
    web.register_error_handler(ArenaError, render_arena_error)
    web.register_error_handler(HTTPException, render_http_error)
    app.register_error_handler(NotFound, render_not_found)
