"""The catalog: list challenges and show one (readable without a token)."""

from __future__ import annotations

from apiflask import APIBlueprint, Schema, fields
from apiflask.validators import Regexp
from flask import request

from arena.api.auth import auth, current_user
from arena.api.errors import error_responses
from arena.api.locale import LangQuery
from arena.errors import NotFound, Unauthenticated
from arena.presenters import challenge_detail, challenge_summary
from arena.services.authoring import manageable, named_version
from arena.services.catalog import get_challenge, list_challenges
from arena.services.versions import VERSION

bp = APIBlueprint("challenges", __name__)


class ChallengeSummaryOut(Schema):
    """A challenge as listed in the catalog."""

    slug = fields.String(metadata={"example": "softmax"})
    title = fields.String()
    difficulty = fields.String(metadata={"example": "easy"})
    track = fields.String(metadata={"example": "foundations"})
    order = fields.Integer()
    tags = fields.List(fields.String())
    entry_point = fields.String(metadata={"example": "softmax"})


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
    starter_code = fields.String()
    hints = fields.List(fields.String())
    examples = fields.List(fields.Nested(ExampleOut),
                           metadata={"description": "Public examples; empty until prepared."})
    time_limit = fields.Float()
    memory_mb = fields.Integer()
    rtol = fields.Float()
    atol = fields.Float()
    version = fields.String(metadata={"description": "Content hash of the current version."})


@bp.get("/challenges")
@bp.input(LangQuery, location="query")
@bp.output(ChallengeListOut)
@bp.doc(summary="List the challenges", description="The catalog is small and bounded (the "
        "repository's challenges): it is not paginated.", responses=error_responses(422))
def list_view(query_data: dict) -> dict:
    """List the active challenges in catalog order."""
    return {"challenges": [challenge_summary(c, query_data["lang"]) for c in list_challenges()]}


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
        "the challenge's authors.", responses=error_responses(401, 403, 404, 422))
def show_view(slug: str, query_data: dict) -> dict:
    """Show one challenge: statement, starter code, entry point and public examples."""
    if current_user() is None and "Authorization" in request.headers:
        raise Unauthenticated("the token sent is not valid; send a valid one, or none")
    if "version" not in query_data:
        return challenge_detail(get_challenge(slug), query_data["lang"])
    if current_user() is None:
        raise NotFound(f"no challenge called {slug!r}")
    challenge = manageable(current_user(), slug)
    return challenge_detail(challenge, query_data["lang"],
                            named_version(challenge, query_data["version"]))
