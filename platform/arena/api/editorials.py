"""A challenge's editorial, for a learner who solved it or tried it enough."""

from __future__ import annotations

from apiflask import APIBlueprint, Schema, fields

from arena.api.auth import auth, current_user
from arena.api.errors import error_responses
from arena.api.locale import LangQuery
from arena.config import DEFAULTS
from arena.presenters.editorials import present_editorial
from arena.services.catalog import get_challenge
from arena.services.editorials import require_editorial_access

bp = APIBlueprint("editorials", __name__)


class CommonBugOut(Schema):
    """A common bug: one of the challenge's named mutants and what it gets wrong."""

    mutant = fields.String(metadata={"example": "no_scaling"})
    explanation = fields.String(metadata={
        "example": "your output matches attention without the 1/sqrt(d) scaling"})


class EditorialOut(Schema):
    """A challenge's editorial, texts in the asked language."""

    slug = fields.String(metadata={"example": "softmax"})
    markdown = fields.String(allow_none=True, metadata={
        "description": "Markdown with LaTeX math: the sections Approach and Cost (in another "
                       "language, as its catalog translates them); null for a challenge "
                       "whose authors wrote none."})
    common_bugs = fields.List(fields.Nested(CommonBugOut), metadata={
        "description": "The challenge's named mutants: the bugs its hidden tests recognise."})


@bp.get("/challenges/<slug>/editorial")
@bp.auth_required(auth)
@bp.input(LangQuery, location="query")
@bp.output(EditorialOut)
@bp.doc(summary="Read a challenge's editorial", description=(
    "The approach, its cost and the common bugs. Readable once the caller solved the "
    "challenge or made `ARENA_EDITORIAL_AFTER_ATTEMPTS` graded submissions to it (default "
    f"{DEFAULTS['EDITORIAL_AFTER_ATTEMPTS']}; runs do not count), and always by instructors and "
    "admins."), responses=error_responses(401, 403, 404, 422, described={
        403: "`editorial_locked`: not yet; the message says how to unlock it"}))
def editorial_view(slug: str, query_data: dict) -> dict:
    """Show a challenge's editorial to a caller who may read it."""
    challenge = get_challenge(slug, current_user())
    require_editorial_access(current_user(), challenge)
    return present_editorial(challenge, query_data["lang"])
