"""A course's instructors' views of their class: what it gets wrong (per assignment and
challenge: verdicts, named bugs, attempts until accepted, the students stuck), and an
assignment's similar submissions, listed and shown side by side.

The course services decide who may look (a student of the course meets 403, anyone else
404); these views call services.insights and services.similarity and render.
"""

from __future__ import annotations

from flask import Blueprint, render_template
from flask_login import current_user, login_required

from arena.presenters import localized
from arena.services.course_pages import challenge_titles
from arena.services.insights import course_insights
from arena.services.similarity import side_by_side, similarity_report
from arena.web.i18n import current_locale

bp = Blueprint("insights", __name__, url_prefix="/courses")


@bp.get("/<int:course_id>/insights")
@login_required
def insights(course_id: int) -> str:
    """Show what the class gets wrong, per assignment and challenge."""
    return render_template("courses/insights.html", found=course_insights(current_user, course_id),
                           lang=current_locale(), localized=localized)


def _titles(slugs: list[str]) -> dict[str, str]:
    """Return each challenge's title in the reader's language, by slug."""
    locale = current_locale()
    return {slug: localized(title, locale) or slug
            for slug, title in challenge_titles(slugs).items()}


@bp.get("/<int:course_id>/assignments/<int:assignment_id>/similarity")
@login_required
def similarity(course_id: int, assignment_id: int) -> str:
    """List an assignment's most alike pairs of submissions, per challenge."""
    report = similarity_report(current_user, course_id, assignment_id)
    return render_template("courses/similarity.html", report=report, course_id=course_id,
                           titles=_titles([c.slug for c in report.challenges]))


@bp.get("/<int:course_id>/assignments/<int:assignment_id>/similarity/<slug>/<int:first>"
        "/<int:second>")
@login_required
def pair(course_id: int, assignment_id: int, slug: str, first: int, second: int) -> str:
    """Show two submissions side by side, their matching code marked."""
    shown = side_by_side(current_user, course_id, assignment_id, slug, first, second)
    return render_template("courses/similar_pair.html", shown=shown, course_id=course_id,
                           assignment_id=assignment_id, title=_titles([slug]).get(slug, slug))
