"""Drafts: the caller's own unsubmitted code for a challenge, kept on the server so that it
follows them from one device to another (the challenge page saves it as they type)."""

from __future__ import annotations

from apiflask import APIBlueprint, Schema, fields
from flask import current_app

from arena.api.auth import auth, current_user
from arena.api.errors import error_responses
from arena.config import DEFAULTS
from arena.presenters import present_draft
from arena.ratelimit import count_draft
from arena.services.drafts import get_draft, save_draft

bp = APIBlueprint("drafts", __name__)


class DraftIn(Schema):
    """The editor's code."""

    code = fields.String(required=True, metadata={"description": "Python source, not empty, at "
                         f"most {DEFAULTS['MAX_CODE_BYTES']} bytes of UTF-8 "
                         "(ARENA_MAX_CODE_BYTES, the limit of a submission)."})


class DraftOut(Schema):
    """The caller's draft of a challenge."""

    code = fields.String(allow_none=True, metadata={"description": "null: no draft saved."})
    updated_at = fields.DateTime(allow_none=True)


@bp.get("/challenges/<slug>/draft")
@bp.auth_required(auth)
@bp.output(DraftOut)
@bp.doc(summary="Read your draft of a challenge", description="Only ever the caller's own.",
        responses=error_responses(401, 404, described={404: "No such challenge"}))
def get_view(slug: str) -> dict:
    """Return the caller's draft of `slug`; `code` is null when they saved none."""
    return present_draft(get_draft(current_user(), slug))


@bp.put("/challenges/<slug>/draft")
@bp.auth_required(auth)
@bp.input(DraftIn, location="json")
@bp.output(DraftOut)
@bp.doc(summary="Save your draft of a challenge", description="Replaces the draft before.",
        responses=error_responses(400, 401, 404, 413, 422, 429, described={
            404: "No such challenge", 413: f"Code over {DEFAULTS['MAX_CODE_BYTES']} bytes",
            422: "Missing, empty or undecodable code"}))
def put_view(slug: str, json_data: dict) -> dict:
    """Keep the code as the caller's draft of `slug`."""
    count_draft(current_user().id)
    return present_draft(save_draft(current_user(), slug, json_data["code"],
                                    current_app.config["MAX_CODE_BYTES"]))
