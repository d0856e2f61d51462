"""The catalog: list challenges and show one (readable without a token)."""

from __future__ import annotations

from apiflask import APIBlueprint, Schema, fields
from apiflask.validators import Regexp
from flask import request

from arena.api.auth import ANYONE_OR_TOKEN, auth, current_user
from arena.api.errors import error_responses
from arena.api.locale import LangQuery
from arena.errors import NotFound, Unauthenticated
from arena.models import User, Visibility
from arena.presenters import challenge_detail, challenge_summary
from arena.services.authoring import manageable, named_version
from arena.services.catalog import get_challenge, list_challenges
from arena.services.versions import VERSION

bp = APIBlueprint("challenges", __name__)
VISIBILITY_DOC = ("Who sees it: `public` (everyone; listed), `unlisted` (anyone with its link; "
                  "never listed) or `course` (the members of the courses its author teaches, "
                  "its author and admins; 404 to anyone else).")


class ChallengeSummaryOut(Schema):
    """A challenge as listed in the catalog."""

    slug = fields.String(metadata={"example": "softmax"})
    title = fields.String()
    difficulty = fields.String(metadata={"example": "easy"})
    track = fields.String(metadata={"example": "foundations"})
    order = fields.Integer()
    tags = fields.List(fields.String())
    entry_point = fields.String(metadata={"example": "softmax"})
    visibility = fields.String(metadata={
        "description": VISIBILITY_DOC, "enum": [str(v) for v in Visibility]})


class ChallengeListOut(Schema):
    """The catalog, in track order."""

    challenges = fields.List(fields.Nested(ChallengeSummaryOut))


class ExampleOut(Schema):
    """A public example: its input, the expected output and the reference's attention weights."""

    name = fields.String()
    input = fields.Dict(metadata={"description": "{'args': [...], 'kwargs': {...}}"})
    expected = fields.Raw()
    weights = fields.List(fields.List(fields.Float()), allow_none=True, metadata={
        "description": "The reference's attention weights on this example (one row per query, "
                       "0 where a key is masked), or null where the challenge draws none."})


class ChallengeOut(ChallengeSummaryOut):
    """A challenge's current version, texts in the asked language."""

    statement = fields.String(metadata={"description": "Markdown with LaTeX math."})
    rules = fields.List(fields.String(), metadata={
        "description": "The rules the statement is read with, one sentence each: whether the "
                       "arguments may be changed, float32, the libraries, the limits."})
    starter_code = fields.String()
    hints = fields.List(fields.String())
    examples = fields.List(fields.Nested(ExampleOut), metadata={
        "description": "Public examples; empty until the platform has run the reference on "
                       "them, seconds after publishing."})
    time_limit = fields.Float()
    memory_mb = fields.Integer()
    rtol = fields.Float()
    atol = fields.Float()
    version = fields.String(metadata={"description": "Content hash of the current version."})


def _viewer() -> User | None:
    """Return the caller (None: a visitor); a token sent that is not valid is refused (401)."""
    if current_user() is None and "Authorization" in request.headers:
        raise Unauthenticated("the token sent is not valid; send a valid one, or none")
    return current_user()


@bp.get("/challenges")
@bp.auth_required(auth, optional=True)
@bp.input(LangQuery, location="query")
@bp.output(ChallengeListOut)
@bp.doc(summary="List the challenges", description="Readable without a token. The catalog "
        "the caller may see, in track order: public challenges, and those private to the "
        "courses of their authors (`course`) to those courses' members, their authors and "
        "admins; an unlisted challenge is never listed. Small and bounded: not paginated.",
        responses=error_responses(401, 422), security=ANYONE_OR_TOKEN)
def list_view(query_data: dict) -> dict:
    """List the challenges the caller may see, in catalog order."""
    return {"challenges": [challenge_summary(c, query_data["lang"])
                           for c in list_challenges(_viewer())]}


class ShowQuery(LangQuery):
    """The language, and (for the challenge's authors) a version other than the published."""

    version = fields.String(validate=Regexp(VERSION), metadata={
        "description": "`draft`, `published` or a version number: its authors' preview "
                       "(their token or session)."})


@bp.get("/challenges/<slug>")
@bp.auth_required(auth, optional=True)
@bp.input(ShowQuery, location="query")
@bp.output(ChallengeOut)
@bp.doc(summary="Show a challenge", description="Readable without a token; a draft only by "
        "the challenge's authors; a challenge private to its author's courses only by those "
        "courses' members, its author and admins (404 to anyone else).",
        responses=error_responses(401, 403, 404, 422))
def show_view(slug: str, query_data: dict) -> dict:
    """Show one challenge: statement, starter code, entry point and public examples."""
    viewer = _viewer()
    if "version" not in query_data:
        return challenge_detail(get_challenge(slug, viewer), query_data["lang"])
    if current_user() is None:
        raise NotFound(f"no challenge called {slug!r}")
    challenge = manageable(current_user(), slug)
    return challenge_detail(challenge, query_data["lang"],
                            named_version(challenge, query_data["version"]))
