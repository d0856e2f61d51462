"""Rate limits against password guessing, counted by Flask-Limiter in memory or in Redis.

- `POST /login`: failed attempts per client address and per account attempted (the name read
  as login reads it, NFKC), and `POST /account/password`'s wrong current passwords against that
  same per-account count: every password check counts;
- `POST /register`: every attempt per client address;
- `POST /password/forgot`: every request of a reset link by e-mail, per client address;
- the API: refused bearer tokens per client address, counted where the API refuses one
  (`count_refused_token`), so that a valid token is never counted nor refused;
- fair use: submissions and runs per user, counted where code is taken in (`count_intake`,
  called by arena.jobs.intake for the API and the form alike);
- join codes: codes that name no course, per user and per client address, counted where a
  code is looked up (`count_join`, called by arena.joining for the API and the pages alike);
- `POST /account/tokens`: every API token created, per user;
- lesson cell runs, visitors' included: per client address, and per user when logged in,
  counted where a cell run is taken in (`count_cell_run`, called by arena.jobs.intake).
- AI reviews asked of the reviewer, per user (`count_review`; a review already kept is free);
- drafts saved, per user (`count_draft`, called by arena.api.drafts: the
  editor saves at most once a second, and a refused save keeps its code in the browser).

A refused request answers 429 with a Retry-After header: a page in the learner's language for
the forms (arena.web.errors), the API's JSON error shape under /api/ (arena.api.errors).
The settings, in arena.config, are documented in docs/configuration.md; the choice of limits
in docs/decisions.md.

Each app gets its own Limiter (the tests create many apps): the limits are bound to the view
functions when the app is created, not by decorators at import time.
"""

from __future__ import annotations

import math
import threading
import time
from typing import Any

from flask import Flask, Response, current_app, g, request
from flask_limiter import Limiter, RouteLimit
from flask_limiter.util import get_remote_address
from flask_login import current_user
from werkzeug.middleware.proxy_fix import ProxyFix

from arena.services.usernames import normalized

EXTENSION = "arena.limiter"
REFUSED_TOKEN = "arena.refused-token"
KEY_PREFIX = "arena"
TOKEN_SCOPE = "api-token"
INTAKE = "arena.intake"
JOIN = "arena.join"
CELL = "arena.cell-run"
LOGIN_ENDPOINT = "web.auth.login"
PASSWORD_ENDPOINT = "web.account.password"
REGISTER_ENDPOINT = "web.auth.register"
FORGOT_ENDPOINT = "web.passwords.forgot"
REVIEW = "arena.review"
DRAFT = "arena.draft"
TOKEN_ENDPOINT = "web.account.create"
#: One count of failed password checks per account, whichever form checked the password.
ACCOUNT_SCOPE = "password-account"
#: The longest username there can be (create_user): longer ones share one count.
USERNAME_KEY_LENGTH = 64
#: Retry-After when no limit says how long (it should not happen).
DEFAULT_RETRY_SECONDS = 60


def attempted_username() -> str:
    """Key a password check by the account it tries (kept apart from addresses): the name
    typed at login as login reads it (NFKC, so `ａｎｎ` counts as `ann`), or on
    /account/password the logged-in user's own."""
    if request.endpoint == PASSWORD_ENDPOINT:
        name = current_user.username if current_user.is_authenticated else ""
    else:
        name = normalized(request.form.get("username", ""))
    return "username:" + name[:USERNAME_KEY_LENGTH]


def _no_username() -> bool:
    """An attempt that names no account checks no password: it is not counted per account."""
    return attempted_username() == "username:"


def _failed_login(response: Response) -> bool:
    """Count a password check that failed (a success redirects; 429 checked nothing)."""
    return not 300 <= response.status_code < 400 and response.status_code != 429


def _logged_in_user() -> str:
    """Key a request by the logged-in user (the pages' session)."""
    return f"user:{current_user.id}"


def _anonymous() -> bool:
    """A visitor is sent to log in: nothing of theirs is counted."""
    return not current_user.is_authenticated


def _refused_token() -> None:
    """Stand for one refusal of a bearer token: the app's limit on it wraps this (init_app)."""


def count_refused_token() -> None:
    """Count a bearer token the API refused, per client address; past the limit, raise
    RateLimitExceeded (429). Only a refusal calls this, so a valid token is never counted nor
    refused, whatever its address's count."""
    current_app.extensions[REFUSED_TOKEN]()


def _counted_user() -> str:
    """Key a per-user count by the user the count_* function named."""
    return f"user:{g.arena_counted_user}"


def _count(extension: str, user_id: int | None, kind: str | None = None) -> None:
    """Count one request of the user's against the app's limits of `extension` (of `kind`,
    where it has kinds); past a limit, raise RateLimitExceeded (429)."""
    g.arena_counted_user = user_id
    limited = current_app.extensions[extension]
    (limited[kind] if kind is not None else limited)()


def _took_in_submission() -> None:
    """Stand for taking in one submission: the app's limit per user wraps this (init_app)."""


def _took_in_run() -> None:
    """Stand for taking in one run: the app's limit per user wraps this (init_app)."""


#: Per kind of work (arena.models.Kind's values): the setting that limits it per user, and the
#: function that stands for it (one each: Flask-Limiter keeps limits by function name).
INTAKE_LIMITS = {"submission": ("SUBMISSION_RATE_LIMIT", _took_in_submission),
                 "run": ("RUN_RATE_LIMIT", _took_in_run)}


def count_intake(user_id: int, kind: str) -> None:
    """Count a submission or a run (`kind`) the user asks for; past the user's limit of that
    kind, raise RateLimitExceeded (429)."""
    _count(INTAKE, user_id, kind)


def _tried_code(response: Response) -> bool:
    """Count a join code that named no course (404); a right code is not counted."""
    return response.status_code == 404


def _looked_up_code() -> None:
    """Stand for one look-up of a join code: the app's limits wrap this (init_app)."""


def count_join(user_id: int) -> None:
    """Check a look-up of a join code against the user's and the address's limits, before the
    code is read: past either, raise RateLimitExceeded (429), whatever the code, a right one
    included. The look-up counts once it has answered 404 (no such course)."""
    _count(JOIN, user_id)


def _visitor() -> bool:
    """A visitor's cell run is counted by address only."""
    return g.arena_counted_user is None


def _ran_cell() -> None:
    """Stand for one cell run taken in: the app's limits wrap this (init_app)."""


def count_cell_run(user_id: int | None) -> None:
    """Count a lesson cell run against its address's limit and (None: a visitor) its user's;
    past either, raise RateLimitExceeded (429)."""
    _count(CELL, user_id)


def _asked_review() -> None:
    """Stand for one review asked of the reviewer: the app's limit per user wraps this."""


def count_review(user_id: int) -> None:
    """Count a review the user asks the reviewer for; past the user's limit, raise
    RateLimitExceeded (429)."""
    _count(REVIEW, user_id)


def _saved_draft() -> None:
    """Stand for one draft saved: the app's limit per user wraps this (init_app)."""


def count_draft(user_id: int) -> None:
    """Count a draft the user saves; past the user's limit, raise RateLimitExceeded (429)."""
    _count(DRAFT, user_id)


def limiter_of(app: Flask | None = None) -> Limiter:
    """Return the app's limiter (the current app's by default)."""
    return (app or current_app).extensions[EXTENSION]


def retry_after() -> int:
    """Return the seconds until the limit this request broke lets the client try again."""
    breached = limiter_of().current_limit
    if breached is None:
        return DEFAULT_RETRY_SECONDS
    return max(1, math.ceil(breached.window.reset_time - time.time()))


def _limit_view(app: Flask, endpoint: str, *limits: RouteLimit) -> None:
    """Apply Flask-Limiter's route limits to a view function already registered on the app."""
    view = app.view_functions[endpoint]
    for limit in limits:
        view = limit(view)
    app.view_functions[endpoint] = view


def _stop_idle_timers(limiter: Limiter) -> None:
    """Stop the timer thread that a new in-memory storage of `limits` starts at once.

    The storage starts it again by itself when it first counts; stopping it here keeps the
    promise that creating the app starts no thread (tests/arena/test_config.py).
    """
    for storage in (limiter.storage, getattr(limiter, "_fallback_storage", None)):
        timer = getattr(storage, "timer", None)
        if isinstance(timer, threading.Timer):
            timer.cancel()
            timer.join()


def init_app(app: Flask) -> None:
    """Give the app its limiter, then limit the login and registration forms, API tokens,
    intake and join codes."""
    config: dict[str, Any] = app.config
    if config["TRUSTED_PROXIES"] > 0:
        # Behind N reverse proxies, the client is the address the outermost one saw; without
        # them, X-Forwarded-For is anyone's to forge and must not choose the counted address.
        hops = config["TRUSTED_PROXIES"]
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops)  # type: ignore[method-assign]
    storage = config["RATE_LIMIT_STORAGE_URI"]
    limiter = Limiter(
        get_remote_address,
        storage_uri=storage,
        strategy="fixed-window",
        key_prefix=KEY_PREFIX,
        enabled=config["RATE_LIMIT_ENABLED"],
        # If Redis goes away, count in this process rather than fail every login.
        in_memory_fallback_enabled=not storage.startswith("memory://"),
        swallow_errors=True,
    )
    limiter.init_app(app)
    app.extensions[EXTENSION] = limiter
    # Not an application limit checked before every API request, which would lock out the
    # good tokens of an address (a proxy's, a school's) along with the refused ones.
    app.extensions[REFUSED_TOKEN] = limiter.shared_limit(
        config["API_TOKEN_RATE_LIMIT"], scope=TOKEN_SCOPE)(_refused_token)
    app.extensions[INTAKE] = {
        kind: limiter.shared_limit(config[setting], scope=f"intake-{kind}",
                                   key_func=_counted_user)(stands_for)
        for kind, (setting, stands_for) in INTAKE_LIMITS.items()}
    per_user = limiter.shared_limit(config["JOIN_USER_RATE_LIMIT"], scope="join-user",
                                    key_func=_counted_user, deduct_when=_tried_code)
    per_address = limiter.shared_limit(config["JOIN_RATE_LIMIT"], scope="join",
                                       deduct_when=_tried_code)
    app.extensions[JOIN] = per_address(per_user(_looked_up_code))
    app.extensions[CELL] = limiter.shared_limit(config["CELL_RUN_RATE_LIMIT"], scope="cell")(
        limiter.shared_limit(config["CELL_RUN_USER_RATE_LIMIT"], scope="cell-user",
                             key_func=_counted_user, exempt_when=_visitor)(_ran_cell))
    app.extensions[REVIEW] = limiter.shared_limit(
        config["REVIEW_RATE_LIMIT"], scope="review", key_func=_counted_user)(_asked_review)
    app.extensions[DRAFT] = limiter.shared_limit(
        config["DRAFT_RATE_LIMIT"], scope="draft", key_func=_counted_user)(_saved_draft)
    if not limiter.enabled:
        return
    _stop_idle_timers(limiter)
    if not storage.startswith("memory://") and not limiter.storage.check():
        app.logger.warning("rate-limit storage %s does not answer: counting in memory until "
                           "it does", storage)
    per_account = limiter.shared_limit(
        config["LOGIN_USERNAME_RATE_LIMIT"], scope=ACCOUNT_SCOPE, methods=["POST"],
        key_func=attempted_username, exempt_when=_no_username, deduct_when=_failed_login)
    _limit_view(
        app, LOGIN_ENDPOINT,
        limiter.limit(config["LOGIN_RATE_LIMIT"], methods=["POST"],
                      deduct_when=_failed_login),
        per_account)
    _limit_view(app, PASSWORD_ENDPOINT, per_account)
    _limit_view(app, REGISTER_ENDPOINT,
                limiter.limit(config["REGISTER_RATE_LIMIT"], methods=["POST"]))
    _limit_view(app, FORGOT_ENDPOINT,
                limiter.limit(config["PASSWORD_RESET_RATE_LIMIT"], methods=["POST"]))
    _limit_view(app, TOKEN_ENDPOINT,
                limiter.limit(config["TOKEN_CREATE_RATE_LIMIT"], methods=["POST"],
                              key_func=_logged_in_user, exempt_when=_anonymous))
