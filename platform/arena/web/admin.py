"""The admins' page of accounts: find one, change its role, deactivate or reactivate it, and
issue a one-time password reset link (arena.web.passwords.issue, as a course's members do).
Admins only (403 for anyone else); the services decide.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from flask import Blueprint, flash, make_response, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user, login_required
from werkzeug.wrappers import Response

from arena.errors import ArenaError, Conflict, Forbidden
from arena.models import Role
from arena.services.users import (
    deactivate_user,
    list_users,
    reactivate_user,
    set_role,
)
from arena.web.forms import AccountActionForm, UserSearchForm
from arena.web.labels import ROLES, label

bp = Blueprint("admin", __name__, url_prefix="/admin")


def admins_only(view: Callable) -> Callable:
    """Send visitors to log in; refuse anyone but an admin (403)."""
    @wraps(view)
    @login_required
    def checked(*args, **kwargs):
        if current_user.role != Role.ADMIN:
            raise Forbidden("admins only")
        return view(*args, **kwargs)
    return checked


@bp.app_context_processor
def navigation() -> dict:
    """Tell every page whether its navigation links to the accounts page."""
    return {"may_admin": current_user.is_authenticated and current_user.role == Role.ADMIN}


@bp.get("/users")
@admins_only
def users() -> Response:
    """List the accounts the query string's search finds, by name, one page at a time."""
    search = UserSearchForm(request.args)
    if not search.validate():
        return make_response(render_template("admin/users.html", search=search, users=[],
                                             more=False, page=1, roles=ROLES), 422)
    page = int(search.page.data or 1)
    found, more = list_users(current_user, search.q.data or "", page)
    response = make_response(render_template(
        "admin/users.html", search=search, users=found, more=more, page=page, roles=ROLES))
    response.headers["Cache-Control"] = "no-store"
    return response


def _action() -> AccountActionForm:
    """Return the sent form of an action; 400 when it is not valid."""
    form = AccountActionForm()
    if not form.validate_on_submit():
        raise ArenaError("this form is not valid")
    return form


def _back() -> Response:
    """Go back to the list as it was searched."""
    return redirect(url_for("web.admin.users", q=request.args.get("q") or None,
                            page=request.args.get("page") or None))


def _keep_an_admin(change: Callable[[], object]) -> Response | None:
    """Make a change; when it would leave no active admin, say so instead."""
    try:
        change()
    except Conflict as refused:
        if refused.code != "last_admin":
            raise
        flash(_("The last active admin keeps that: make another account admin first."),
              "error")
        return _back()
    return None


@bp.post("/users/role")
@admins_only
def role() -> Response:
    """Give an account another role."""
    form = _action()
    name, new = form.username.data, form.role.data
    refused = _keep_an_admin(lambda: set_role(name, new, by=current_user))
    if refused is None:
        flash(_("%(name)s is now: %(role)s.", name=name, role=label(ROLES, new)), "success")
    return refused or _back()


@bp.post("/users/deactivate")
@admins_only
def deactivate() -> Response:
    """Deactivate an account: it can no longer log in nor use its API tokens."""
    name = _action().username.data
    refused = _keep_an_admin(lambda: deactivate_user(name, by=current_user))
    if refused is None:
        flash(_("%(name)s is deactivated: its sessions ended and its tokens are refused.",
                name=name), "success")
    return refused or _back()


@bp.post("/users/reactivate")
@admins_only
def reactivate() -> Response:
    """Let a deactivated account log in again."""
    name = _action().username.data
    reactivate_user(name, by=current_user)
    flash(_("%(name)s is active again.", name=name), "success")
    return _back()
