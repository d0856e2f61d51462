"""The list of submissions: the user's own, and an instructor's students' (the submissions
service decides whose), with the API's filters and a page at a time (keyset by id, like the
API's `next`). Each row links to the submission's page, which shows the code.
"""

from __future__ import annotations

from flask import Blueprint, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user, login_required
from wtforms.fields.choices import SelectChoice

from arena.presenters import challenge_title
from arena.services.catalog import list_challenges
from arena.services.courses import courses_of
from arena.services.feedback import release_times
from arena.services.submissions import Filters, submission_page
from arena.web.forms import SubmissionFilterForm
from arena.web.i18n import current_locale
from arena.web.labels import VERDICTS

bp = Blueprint("submissions", __name__)
PAGE_SIZE = 50


def _form() -> SubmissionFilterForm:
    """Return the filter form read from the query string, its choices filled in."""
    form = SubmissionFilterForm(formdata=request.args)
    locale = current_locale()
    any_ = SelectChoice("", _("Any"))
    courses = [SelectChoice(str(c.id), c.title) for c in courses_of(current_user)]
    if form.course.data and form.course.data not in {c.value for c in courses}:
        courses.append(SelectChoice(form.course.data, _("Course %(id)s", id=form.course.data)))
    form.course.choices = [any_, *courses]
    form.challenge.choices = [any_, *(SelectChoice(c.slug, challenge_title(c, locale) or c.slug)
                                      for c in list_challenges(current_user))]
    form.verdict.choices = [any_, *(SelectChoice(code, str(name))
                                    for code, name in VERDICTS.items())]
    return form


def _filters(form: SubmissionFilterForm) -> Filters:
    """Return the service's filters from a valid form (empty fields filter nothing)."""
    return Filters(challenge=form.challenge.data or None,
                   course=int(form.course.data) if form.course.data else None,
                   student=(form.student.data or "").strip() or None,
                   verdict=form.verdict.data or None,
                   since=form.moment("since"), until=form.moment("until"))


@bp.get("/submissions")
@login_required
def index() -> tuple[str, int]:
    """List the submissions the user may read, newest first, filtered, a page at a time."""
    form = _form()
    if not form.validate():
        return render_template("submissions.html", form=form, page=None, next_url=None,
                               first_url=None), 422
    before = int(form.before.data) if form.before.data else None
    page = submission_page(current_user, _filters(form), before, PAGE_SIZE)
    kept = {name: value for name, value in request.args.items() if value and name != "before"}
    next_url = (url_for("web.submissions.index", **kept, before=page.next_before)
                if page.next_before else None)
    first_url = url_for("web.submissions.index", **kept) if before else None
    return render_template("submissions.html", form=form, page=page, next_url=next_url,
                           first_url=first_url,
                           withheld=release_times(current_user, page.items)), 200
