"""The learner's pages: the catalog, the lessons, a challenge, a submission."""

from __future__ import annotations

from flask import Blueprint, make_response, render_template, request, url_for
from flask_login import current_user, login_required
from werkzeug.wrappers import Response

from arena.bounds import is_id
from arena.errors import NotFound
from arena.presenters import (
    challenge_detail,
    challenge_title,
    present_draft,
    present_submission,
)
from arena.presenters.lessons import lesson_page
from arena.presenters.submissions import call_text
from arena.services.catalog import get_challenge, list_challenges
from arena.services.course_pages import assignment_reaching
from arena.services.drafts import get_draft
from arena.services.feedback import release_times
from arena.services.lessons import get_lesson, list_lessons, neighbours
from arena.services.progress import history, marks, tracks
from arena.services.submissions import get_submission
from arena.web.i18n import current_locale
from arena.web.markdown import render_statement
from arena.web.next_step import next_step_context

bp = Blueprint("pages", __name__)

def viewer():
    """Return the logged-in user, or None for a visitor."""
    return current_user if current_user.is_authenticated else None


@bp.get("/")
def catalog() -> str:
    """List the tracks in order, with the learner's marks and progress."""
    user_marks = marks(viewer())
    return render_template("catalog.html", tracks=tracks(list_challenges(viewer()), user_marks),
                           marks=user_marks)


@bp.get("/learn")
def learn() -> str:
    """List the lessons in order: title, track and the challenges each links to."""
    locale = current_locale()
    return render_template("lessons.html", lessons=[
        lesson_page(lesson, locale, list_challenges(viewer())) for lesson in list_lessons()])


@bp.get("/learn/<slug>")
def lesson(slug: str) -> str:
    """Show a lesson in the request's language (English where it is not written): its text,
    its runnable cells, its predict-first questions and heatmaps, then its challenges."""
    locale = current_locale()
    found = get_lesson(slug)
    before, after = neighbours(slug)
    shown = lesson_page(found, locale, list_challenges(viewer()))
    return render_template("lesson.html", lesson=shown,
                           blocks=found.blocks(locale), language=found.language(locale),
                           render=render_statement, before=before, after=after, locale=locale)


def challenge_data(shown: dict) -> dict:
    """Return what the challenge page's script needs, as JSON-ready data."""
    return {
        "slug": shown["slug"],
        "entry_point": shown["entry_point"],
        "examples": shown["examples"],
        "attention": shown["attention"],
        "rtol": shown["rtol"], "atol": shown["atol"],  # what the heatmap and the diffs flag
        "lang": current_locale(),
        "logged_in": current_user.is_authenticated,
        "login_url": url_for("web.auth.login",
                             next=url_for("web.pages.challenge", slug=shown["slug"])),
    }


def workspace_data(slug: str) -> dict:
    """Return what the editor starts from: whose it is (the local copy's key), the learner's
    draft saved on the server, and the code of a submission asked for by ?submission=<id>
    (one the learner may read: their own, or any for an instructor), else None."""
    user = viewer()
    if user is None:
        return {"owner": None, "draft": None, "opened": None}
    draft = present_draft(get_draft(user, slug))
    if draft["updated_at"] is not None:
        draft["updated_at"] = draft["updated_at"].isoformat()
    opened = None
    asked = request.args.get("submission", type=int)
    if asked and is_id(asked):
        try:
            found = get_submission(user, asked)
        except NotFound:
            found = None
        if found is not None and found.challenge.slug == slug:
            opened = {"id": found.id, "code": found.code, "user": found.user.username}
    return {"owner": user.id, "draft": draft, "opened": opened}


@bp.get("/challenges/<slug>")
def challenge(slug: str) -> Response:
    """Show a challenge: statement, editor, hints and the learner's history; reached from a
    course (?course=<id>), the assignment it belongs to and its due date."""
    user = viewer()
    found = get_challenge(slug, user)
    shown = challenge_detail(found, current_locale())
    course_id = request.args.get("course", type=int)
    mark = marks(user).get(found.id)
    own = history(user, found) if user else []
    page = render_template(
        "challenge.html", challenge=shown, statement=render_statement(shown["statement"]),
        data={**challenge_data(shown), **workspace_data(slug)}, mark=mark,
        next_step=next_step_context(user, found, mark == "solved", current_locale()),
        history=own, withheld=release_times(user, own) if user else {},
        assignment=(assignment_reaching(user, course_id, slug)
                    if user and course_id and is_id(course_id) else None))
    response = make_response(page)
    if user is not None:
        # The page carries the learner's draft: no shared cache keeps it, and no back button
        # shows it to the next account after a logout.
        response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/submissions/<int:submission_id>")
@login_required
def submission(submission_id: int) -> str:
    """Show a submission: verdict, one row per test, the named bug and the code as sent."""
    found = get_submission(current_user, submission_id)
    locale = current_locale()
    shown = present_submission(found, locale, current_user)
    return render_template(
        "submission.html", submission=shown, code=found.code, bug=shown["diagnosis"],
        rows=shown["rows"], call_text=call_text,
        entry_point=found.version.spec.get("entry_point", ""),
        title=challenge_title(found.challenge, locale), slug=found.challenge.slug)
