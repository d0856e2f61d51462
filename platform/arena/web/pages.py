"""The learner's pages: the catalog, the lesson, a challenge, a submission."""

from __future__ import annotations

from flask import Blueprint, current_app, render_template, request, url_for
from flask_login import current_user, login_required

from arena.bounds import is_id
from arena.presenters import challenge_detail, challenge_title, present_submission
from arena.services.catalog import get_challenge, list_challenges
from arena.services.course_pages import assignment_reaching
from arena.services.progress import history, marks, tracks
from arena.services.submissions import get_submission
from arena.web.i18n import current_locale
from arena.web.markdown import render_statement
from graders.locales import DEFAULT_LOCALE

bp = Blueprint("pages", __name__)

def _user():
    """Return the logged-in user, or None for a visitor."""
    return current_user if current_user.is_authenticated else None


@bp.get("/")
def catalog() -> str:
    """List the tracks in order, with the learner's marks and progress."""
    user_marks = marks(_user())
    return render_template("catalog.html", tracks=tracks(list_challenges(), user_marks),
                           marks=user_marks)


@bp.get("/learn")
def learn() -> str:
    """Show the lesson in the request's language, or in English where it has not been written."""
    locale = current_locale()
    written = f"lesson/content_{locale}.html" in current_app.jinja_env.list_templates()
    return render_template("learn.html", locale=locale if written else DEFAULT_LOCALE)


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


@bp.get("/challenges/<slug>")
def challenge(slug: str) -> str:
    """Show a challenge: statement, editor, hints and the learner's history; reached from a
    course (?course=<id>), the assignment it belongs to and its due date."""
    found = get_challenge(slug)
    shown = challenge_detail(found, current_locale())
    user = _user()
    course_id = request.args.get("course", type=int)
    return render_template(
        "challenge.html", challenge=shown, statement=render_statement(shown["statement"]),
        data=challenge_data(shown), mark=marks(user).get(found.id),
        history=history(user, found) if user else [],
        assignment=(assignment_reaching(user, course_id, slug)
                    if user and course_id and is_id(course_id) else None))


@bp.get("/submissions/<int:submission_id>")
@login_required
def submission(submission_id: int) -> str:
    """Show a submission: verdict, one row per test, the named bug and the code as sent."""
    found = get_submission(current_user, submission_id)
    locale = current_locale()
    shown = present_submission(found, locale)
    return render_template(
        "submission.html", submission=shown, code=found.code, bug=shown["diagnosis"],
        title=challenge_title(found.challenge, locale), slug=found.challenge.slug)
