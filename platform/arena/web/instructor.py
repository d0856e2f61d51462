"""The instructor's pages: their challenges, the challenge editor, and a draft's preview.

The editor is a page over the authoring API (frontend/src/author.js): these views only check
who may open it and render it; saving, validating and publishing go through /api/v1.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from babel import Locale
from flask import Blueprint, render_template
from flask_login import current_user, login_required

from arena.errors import Forbidden
from arena.models import Origin
from arena.presenters import challenge_detail
from arena.services.authoring import authored_challenges, draft_of, manageable, require_author
from arena.services.catalog import track_titles
from arena.services.courses import courses_of, teaches
from arena.services.visibility import AUTHORED_DEFAULT
from arena.web.i18n import current_locale
from arena.web.labels import DIFFICULTIES, PROPERTIES, VISIBILITIES, label
from arena.web.markdown import render_statement
from arena.web.pages import challenge_data
from graders.authoring.scaffold import template_files
from graders.declarations.properties import PROPERTIES as DECLARABLE
from graders.locales import translated_locales

bp = Blueprint("instructor", __name__, url_prefix="/instructor")


def may_author(user) -> bool:
    """Tell whether `user` may write challenges (the authoring service decides who may)."""
    if not user.is_authenticated:
        return False
    try:
        require_author(user)
    except Forbidden:
        return False
    return True


@bp.app_context_processor
def navigation() -> dict:
    """Tell every page whether its navigation links to these pages."""
    return {"may_author": may_author(current_user)}


def authors_only(view: Callable) -> Callable:
    """Send visitors to log in; let instructors and admins through; refuse anyone else.

    A decorator rather than the blueprint's before_request: APIFlask's OpenAPI document reads
    every blueprint's before_request functions as if the blueprint were an API one.
    """
    @wraps(view)
    @login_required
    def checked(*args, **kwargs):
        require_author(current_user)
        return view(*args, **kwargs)
    return checked


@bp.get("")
@authors_only
def dashboard() -> str:
    """List the user's challenges (an admin's: all), their state and how learners fare, and
    the courses they teach, each with its class's insights."""
    return render_template("instructor/dashboard.html", rows=authored_challenges(current_user),
                           courses=[c for c in courses_of(current_user)
                                    if teaches(current_user, c)], visibilities=VISIBILITIES)


def _editor(slug: str | None, folder: bool = False) -> str:
    """Render the editor of `slug` (`folder`: one loaded from a folder), or of a new one,
    which starts from the template `arena challenges new` writes, its slug left blank."""
    data = {"slug": slug} if slug else {"slug": None, "template": template_files("")}
    return render_template(
        "instructor/editor.html", slug=slug, folder=folder, data=data,
        difficulties=DIFFICULTIES, tracks=track_titles(current_user), languages=_languages(),
        properties={name: label(PROPERTIES, name) for name in DECLARABLE},
        visibilities=[(str(value), *texts) for value, texts in VISIBILITIES.items()],
        default_visibility=AUTHORED_DEFAULT)


def _languages() -> dict[str, str]:
    """Name each content language but English in the reader's language, for the labels."""
    reader = current_locale()
    return {code: Locale.parse(code).get_display_name(reader) for code in translated_locales()}


@bp.get("/challenges/new")
@authors_only
def new() -> str:
    """Show the editor of a new challenge: it exists once it is first saved."""
    return _editor(None)


@bp.get("/challenges/<slug>")
@authors_only
def edit(slug: str) -> str:
    """Show the editor of a challenge the user manages."""
    challenge = manageable(current_user, slug)
    return _editor(challenge.slug, folder=challenge.origin == Origin.FOLDER)


@bp.get("/challenges/<slug>/preview")
@authors_only
def preview(slug: str) -> str:
    """Show the draft as learners will see it once published; Run goes to the draft."""
    draft = draft_of(current_user, slug)
    shown = challenge_detail(draft.challenge, current_locale(), version=draft)
    return render_template(
        "instructor/preview.html", challenge=shown, preview=True, draft_version=draft.number,
        statement=render_statement(shown["statement"]),
        data={**challenge_data(shown), "run_version": "draft"})
