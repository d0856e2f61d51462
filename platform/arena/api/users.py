"""Accounts for admins: deactivate one, which ends its sessions and refuses its tokens."""

from __future__ import annotations

from apiflask import APIBlueprint, Schema, fields

from arena.api.auth import auth, current_user
from arena.api.errors import error_responses
from arena.services.users import deactivate_user

bp = APIBlueprint("users", __name__)


class DeactivatedOut(Schema):
    """The account that no longer works."""

    username = fields.String()
    active = fields.Boolean()


@bp.post("/users/<username>/deactivate")
@bp.auth_required(auth)
@bp.output(DeactivatedOut)
@bp.doc(summary="Deactivate an account (admins)", description="Its sessions end at once, its "
        "tokens and its password no longer work; its work and grades stay.",
        responses=error_responses(401, 403, 404, described={403: "Admins only",
                                                            404: "No such user"}))
def deactivate_view(username: str) -> dict:
    """Deactivate the account called `username`."""
    user = deactivate_user(username, by=current_user())
    return {"username": user.username, "active": user.active}
