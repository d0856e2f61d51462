"""Accounts for admins: list and create them, change a role, deactivate (its sessions end,
its tokens are refused) and reactivate; password reset links for admins and, for their
students, instructors."""

from __future__ import annotations

from apiflask import APIBlueprint, Schema, fields
from apiflask.validators import Length, OneOf, Range
from flask import current_app, request, url_for

from arena.api.auth import auth, current_user
from arena.api.errors import error_responses
from arena.bounds import MAX_ID
from arena.models import Role, User
from arena.models.user import EMAIL_LENGTH
from arena.services.mail import public_link
from arena.services.resets import issue_reset_for
from arena.services.users import (
    MAX_PASSWORD_LENGTH,
    MAX_USER_QUERY,
    MIN_PASSWORD_LENGTH,
    create_user,
    deactivate_user,
    list_users,
    reactivate_user,
    require_admin,
    set_role,
)

bp = APIBlueprint("users", __name__)
ROLES = [str(role) for role in Role]
ADMINS_ONLY = {403: "Admins only", 404: "No such user"}


class UserOut(Schema):
    """An account as admins see it."""

    username = fields.String()
    role = fields.String(metadata={"description": " | ".join(ROLES)})
    active = fields.Boolean(metadata={"description": "false: deactivated, it cannot log in "
                                                     "nor use its tokens"})
    has_password = fields.Boolean(metadata={
        "description": "false: it cannot log in until a password is set (a reset link, or "
                       "`arena users set-password`)"})
    email = fields.String(allow_none=True)
    created_at = fields.DateTime()


class UsersOut(Schema):
    """One page of accounts, by name."""

    users = fields.List(fields.Nested(UserOut))
    next_page = fields.Integer(allow_none=True, metadata={"description": "null: the last page"})


class UsersQuery(Schema):
    """A search and a page."""

    q = fields.String(load_default="", validate=Length(0, MAX_USER_QUERY), metadata={
        "description": "Only accounts whose name or e-mail address holds this (any case)."})
    page = fields.Integer(load_default=1, validate=Range(1, MAX_ID))


class UserIn(Schema):
    """A new account."""

    username = fields.String(required=True, validate=Length(1, 64))
    role = fields.String(load_default=str(Role.STUDENT), validate=OneOf(ROLES))
    password = fields.String(validate=Length(MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH), metadata={
        "description": "The password policy of the CLI and the web forms. Without one the "
                       "account cannot log in until a reset link sets one."})
    email = fields.String(load_default="", validate=Length(0, EMAIL_LENGTH))


class RoleIn(Schema):
    """The account's new role."""

    role = fields.String(required=True, validate=OneOf(ROLES))


class ResetOut(Schema):
    """A one-time link that sets the account's password: hand it on; it is not shown again."""

    username = fields.String()
    url = fields.String()
    expires_at = fields.DateTime()


def _shown(user: User) -> dict:
    return {"username": user.username, "role": user.role, "active": user.active,
            "has_password": user.password_hash is not None, "email": user.email,
            "created_at": user.created_at}


@bp.get("/users")
@bp.auth_required(auth)
@bp.input(UsersQuery, location="query")
@bp.output(UsersOut)
@bp.doc(summary="List accounts (admins)",
        responses=error_responses(401, 403, 422, described={403: "Admins only"}))
def list_view(query_data: dict) -> dict:
    """Return one page of the accounts the search finds."""
    users, more = list_users(current_user(), query_data["q"], query_data["page"])
    return {"users": [_shown(user) for user in users],
            "next_page": query_data["page"] + 1 if more else None}


@bp.post("/users")
@bp.auth_required(auth)
@bp.input(UserIn)
@bp.output(UserOut, status_code=201)
@bp.doc(summary="Create an account (admins)",
        responses=error_responses(401, 403, 409, 422, described={
            403: "Admins only", 409: "The name is taken, or looks like a taken one"}))
def create_view(json_data: dict) -> dict:
    """Create an account, with a password or none yet."""
    require_admin(current_user(), "creates accounts")
    return _shown(create_user(json_data["username"], json_data["role"],
                              json_data.get("password"), json_data["email"]))


@bp.put("/users/<username>/role")
@bp.auth_required(auth)
@bp.input(RoleIn)
@bp.output(UserOut)
@bp.doc(summary="Change an account's role (admins)",
        responses=error_responses(401, 403, 404, 409, 422, described={
            **ADMINS_ONLY, 409: "The last active admin keeps the role (`last_admin`)"}))
def role_view(username: str, json_data: dict) -> dict:
    """Give the account called `username` another role."""
    return _shown(set_role(username, json_data["role"], by=current_user()))


@bp.post("/users/<username>/deactivate")
@bp.auth_required(auth)
@bp.output(UserOut)
@bp.doc(summary="Deactivate an account (admins)", description="Its sessions end at once, its "
        "tokens and its password no longer work; its work and grades stay.",
        responses=error_responses(401, 403, 404, 409, described={
            **ADMINS_ONLY, 409: "The last active admin stays active (`last_admin`)"}))
def deactivate_view(username: str) -> dict:
    """Deactivate the account called `username`."""
    return _shown(deactivate_user(username, by=current_user()))


@bp.post("/users/<username>/reactivate")
@bp.auth_required(auth)
@bp.output(UserOut)
@bp.doc(summary="Reactivate an account (admins)", description="Its password and its live "
        "tokens work again.", responses=error_responses(401, 403, 404, described=ADMINS_ONLY))
def reactivate_view(username: str) -> dict:
    """Reactivate the account called `username`."""
    return _shown(reactivate_user(username, by=current_user()))


@bp.post("/users/<username>/password-reset")
@bp.auth_required(auth)
@bp.output(ResetOut, status_code=201)
@bp.doc(summary="Issue a one-time password reset link",
        description="Admins for any account; instructors for a student of a course they "
                    "teach. The link works once, until `expires_at` "
                    "(ARENA_PASSWORD_RESET_HOURS), and replaces any earlier one.",
        responses=error_responses(401, 403, 404, described={
            403: "Neither an admin nor an instructor of this student (an unknown name too, "
                 "unless you are an admin)", 404: "No such user (admins)"}))
def reset_view(username: str) -> dict:
    """Issue a reset link for the account called `username`."""
    issued = issue_reset_for(username, by=current_user())
    link = public_link(current_app.config, url_for("web.passwords.reset", token=issued.token),
                       request.host_url)
    return {"username": issued.user.username, "url": link, "expires_at": issued.expires_at}
