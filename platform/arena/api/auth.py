"""Bearer-token authentication for the API."""

from __future__ import annotations

from apiflask import HTTPError, HTTPTokenAuth

from arena.api.errors import error_response
from arena.models import User
from arena.services.users import user_for_token

auth = HTTPTokenAuth(scheme="Bearer", description="An API token from `arena tokens create`.")


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
