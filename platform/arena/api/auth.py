"""API authentication: a bearer token, or the browser's logged-in session with a CSRF token."""

from __future__ import annotations

from typing import Any

from apiflask import HTTPError, HTTPTokenAuth
from flask import request
from flask_login import current_user as session_user

from arena.api.errors import error_response
from arena.extensions import csrf
from arena.models import User
from arena.ratelimit import count_refused_token
from arena.services.users import user_for_token


class TokenOrSessionAuth(HTTPTokenAuth):
    """A bearer token when the request sends one; otherwise the session of the web pages.

    A token cannot be sent by another site, a cookie can: a session-authenticated request
    that changes something must carry the page's CSRF token (header X-CSRFToken).
    """

    def authenticate(self, auth: Any, stored_password: Any) -> User | None:
        """Return the user of the token, else of the session; check CSRF for the session.

        A refused token is counted against its address's limit (429 past it); a valid one
        never is.
        """
        if "Authorization" in request.headers:
            user = super().authenticate(auth, stored_password)
            if user is None:
                count_refused_token()
            return user
        if not session_user.is_authenticated:
            return None
        csrf.protect()  # raises CSRFError on an unsafe method without a valid token
        return session_user._get_current_object()


auth = TokenOrSessionAuth(
    scheme="Bearer",
    description="An API token from `arena tokens create` or the account page. The web pages "
                "use their session instead, with the CSRF token in `X-CSRFToken` on POST.")


#: How an operation that anyone may call, and a token's user with more, documents its security:
#: no token, or one (`auth_required(auth, optional=True)`).
ANYONE_OR_TOKEN = [{}, {auth.name: []}]


@auth.verify_token
def verify_token(token: str) -> User | None:
    """Return the user of a live token, or None (401)."""
    return user_for_token(token)


@auth.error_processor
def auth_error(error: HTTPError) -> tuple:
    """Say how to authenticate, in the API's error shape."""
    if error.status_code == 401:
        return error_response(401, "send a valid API token: 'Authorization: Bearer <token>'")
    return error_response(error.status_code, "your role does not allow this")


def current_user() -> User:
    """Return the authenticated user of this request."""
    return auth.current_user
