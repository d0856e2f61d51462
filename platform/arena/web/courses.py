"""The course pages: a member's dashboard, joining by code or link, a course's assignments,
and for its instructors the join code, the members (removing one is asked first), a new
assignment, moving an assignment's challenge to its published version, and the gradebook.
Changing and deleting assignments and courses: web/course_changes.py.

Who sees what is the course services' decision (a non-member meets 404); these views read
forms, call the services and render. Times are stored in UTC and shown as <time> elements
with a UTC text that frontend/src/times.js rewrites in the reader's zone.
"""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from flask_login import current_user, login_required
from werkzeug.wrappers import Response
from wtforms.fields.choices import SelectChoice

from arena.errors import Conflict, Forbidden, NotFound, Unprocessable
from arena.jobs.intake import regrade
from arena.joining import course_for_code, join_by_code
from arena.lti.scores import lms_summary
from arena.models import Course, Role
from arena.models.types import utcnow
from arena.presenters import challenge_title, localized
from arena.services.assignments import create_assignment, move_to_published
from arena.services.catalog import assignable_challenges
from arena.services.course_pages import (
    challenge_titles,
    column_groups,
    dashboard,
    summary,
)
from arena.services.courses import (
    add_instructor,
    create_course,
    managed_course,
    members_of,
    membership,
    remove_member,
    visible_course,
)
from arena.services.gradebook import gradebook
from arena.services.grades import number
from arena.services.roster import update_roster
from arena.services.visibility import course_challenges
from arena.web.forms import (
    AssignmentForm,
    ColleagueForm,
    CourseForm,
    JoinForm,
    MoveForm,
    RosterForm,
)
from arena.web.gradebook_table import gradebook_rows
from arena.web.i18n import current_locale
from arena.web.labels import VERDICTS, label
from arena.web.times import utc_iso, utc_text

bp = Blueprint("courses", __name__, url_prefix="/courses")
#: What a student reads who would join an archived course.
ARCHIVED = _l("This course is archived: it takes no new students.")


bp.add_app_template_filter(utc_iso, "utc_iso")
bp.add_app_template_filter(utc_text, "utc_text")
bp.add_app_template_filter(number, "points")


def may_create(user) -> bool:
    """Tell whether the user may create courses (the course service refuses anyone else)."""
    return user.role in (Role.INSTRUCTOR, Role.ADMIN)


def _dashboard(join: JoinForm | None = None, create: CourseForm | None = None,
               status: int = 200) -> tuple[str, int]:
    """Render the dashboard, with the forms as sent when one of them had errors."""
    return render_template(
        "courses/dashboard.html", summaries=dashboard(current_user),
        join_form=join or JoinForm(), create_form=create or CourseForm(),
        may_create=may_create(current_user)), status


@bp.get("")
@login_required
def index() -> tuple[str, int]:
    """List the user's courses: each assignment they may see, its due date, their standing."""
    return _dashboard()


@bp.post("")
@login_required
def create() -> Response | tuple[str, int]:
    """Create a course taught by the user, then open it."""
    form = CourseForm()
    if not may_create(current_user):
        raise Forbidden("only instructors and admins create courses")
    if not form.validate_on_submit():
        return _dashboard(create=form, status=422)
    course = create_course(current_user, form.title.data)
    flash(_("Course created. Share its join code or link with your students."), "success")
    return redirect(url_for("web.courses.course", course_id=course.id))


def _joined(course: Course) -> Response:
    """Go to a course just joined."""
    flash(_("You joined %(title)s.", title=course.title), "success")
    return redirect(url_for("web.courses.course", course_id=course.id))


@bp.post("/join")
@login_required
def join() -> Response | tuple[str, int]:
    """Join a course with the code typed into the dashboard's form."""
    form = JoinForm()
    if not form.validate_on_submit():
        return _dashboard(join=form, status=422)
    try:
        course = join_by_code(current_user, form.code.data)
    except NotFound:
        form.code.errors.append(_("No course has this join code. Check it with your "
                                  "instructor."))
        return _dashboard(join=form, status=404)
    except Conflict:
        form.code.errors.append(str(ARCHIVED))
        return _dashboard(join=form, status=409)
    return _joined(course)


def _wrong_link() -> tuple[str, int]:
    """Render the page that says a join link names no course."""
    return render_template("error.html", status=404, message=_(
        "No course has this join code. Check the link with your instructor.")), 404


@bp.get("/join/<code>")
@login_required
def join_link(code: str) -> str | tuple[str, int]:
    """Ask before joining the course a link names: a GET never joins."""
    try:
        course = course_for_code(current_user, code)
    except NotFound:
        return _wrong_link()
    return render_template("courses/join.html", course=course, code=code,
                           member=membership(current_user, course), archived_text=ARCHIVED)


@bp.post("/join/<code>")
@login_required
def join_by_link(code: str) -> Response | tuple[str, int]:
    """Join the course a link names, once the user has confirmed."""
    try:
        course = join_by_code(current_user, code)
    except NotFound:
        return _wrong_link()
    return _joined(course)


def _gradebook_view(course: Course, assignments: list) -> dict:
    """Return what the gradebook table needs: its column groups and titles, and its rows
    (written by gradebook_table: a cell's texts are translated once, not per cell)."""
    book = gradebook(current_user, course.id)
    tries = {cell.attempts for row in book.rows for cell in row.cells.values()}
    titles = challenge_titles(book.challenges)
    locale = current_locale()
    names = {code: label(VERDICTS, code) for code in VERDICTS}
    return {
        "book": book,
        "groups": column_groups(book, assignments),
        "titles": {slug: localized(titles.get(slug), locale) or slug for slug in titles},
        "names": names,
        "rows": gradebook_rows(
            book, url_for("web.submissions.index", course=course.id) + "&student=", names,
            {n: ngettext("%(num)d attempt", "%(num)d attempts", n) for n in tries}, _("late")),
    }


def _course_page(course_id: int, assignment_form: AssignmentForm | None = None,
                 colleague_form: ColleagueForm | None = None, status: int = 200
                 ) -> tuple[str, int]:
    """Render a course's page: its assignments; for its instructors also the rest."""
    shown = summary(current_user, visible_course(current_user, course_id))
    extra: dict = {}
    if shown.teaches:
        form = assignment_form or AssignmentForm()
        form.challenges.choices = challenge_choices(course_id)
        if not form.is_submitted():
            form.at_utc("opens_at", utcnow())  # a new assignment opens now unless changed
        extra = {
            "members": members_of(current_user, course_id),
            "assignment_form": form,
            "colleague_form": colleague_form or ColleagueForm(),
            "join_url": url_for("web.courses.join_link", code=shown.course.join_code,
                                _external=True),
            "grades": _gradebook_view(shown.course, shown.assignments),
            "roster_form": RosterForm(),
            "following": _following(),
            "lms": lms_summary(current_user, course_id),
        }
    else:
        member = membership(current_user, shown.course)
        extra = {"roster_form": RosterForm(obj=member, username=current_user.username,
                                           own="1")}
    return render_template("courses/course.html", shown=shown, course=shown.course,
                           private_challenges=course_challenges(course_id),
                           verdict_codes=list(VERDICTS), **extra), status


def _following() -> str | None:
    """Return the URL of the regrade the page just started (?regrade=<id>), for its script to
    follow (the API says whether the reader may)."""
    regrade_id = request.args.get("regrade", type=int)
    return url_for("api.regrades.show_view", regrade_id=regrade_id) if regrade_id else None


@bp.get("/<int:course_id>")
@login_required
def course(course_id: int) -> tuple[str, int]:
    """Show a course to its members; anyone else meets 404."""
    return _course_page(course_id)


def challenge_choices(course_id: int) -> list[SelectChoice]:
    """Return the challenges the course's assignments may hold, in catalog order, as choices
    (slug, title)."""
    locale = current_locale()
    return [SelectChoice(c.slug, challenge_title(c, locale) or c.slug)
            for c in assignable_challenges(current_user, course_id)]


@bp.post("/<int:course_id>/assignments/<int:assignment_id>/version")
@login_required
def move_version(course_id: int, assignment_id: int) -> Response:
    """Move a challenge of an assignment to its published version; with `regrade`, regrade
    the course's work on it against that version."""
    form = MoveForm()
    if not form.validate_on_submit():
        raise Unprocessable("say which challenge to move")
    item = move_to_published(current_user, course_id, assignment_id, form.challenge.data)
    flash(_("%(challenge)s now uses version %(version)s.", challenge=item.challenge.slug,
            version=item.version.number), "success")
    if form.regrade.data != "1":
        return redirect(url_for("web.courses.course", course_id=course_id,
                                _anchor="assignments"))
    queued = regrade(current_user, item.challenge.slug, course_id)
    flash(_("The course's submissions to %(challenge)s are being regraded against it.",
            challenge=item.challenge.slug), "success")
    return redirect(url_for("web.courses.course", course_id=course_id, regrade=queued.id,
                            _anchor="gradebook"))


@bp.post("/<int:course_id>/assignments")
@login_required
def add_assignment(course_id: int) -> Response | tuple[str, int]:
    """Add an assignment; its times are local ones with the browser's offsets (else UTC)."""
    managed_course(current_user, course_id)
    form = AssignmentForm()
    form.challenges.choices = challenge_choices(course_id)
    if not form.validate_on_submit():
        return _course_page(course_id, assignment_form=form, status=422)
    try:
        assignment = create_assignment(current_user, course_id, form.fields())
    except (Conflict, NotFound, Unprocessable) as refused:  # a challenge unpublished since the form
        form.title.errors.append(_("The assignment was not added: %(reason)s",
                                   reason=refused.message))
        return _course_page(course_id, assignment_form=form, status=422)
    flash(_("Assignment %(title)s added.", title=assignment.title), "success")
    return redirect(url_for("web.courses.course", course_id=course_id, _anchor="assignments"))


def _visible(course_id: int) -> bool:
    """Tell whether the user may see the course (a refusal then concerns something else)."""
    try:
        visible_course(current_user, course_id)
    except NotFound:
        return False
    return True


@bp.post("/<int:course_id>/instructors")
@login_required
def add_colleague(course_id: int) -> Response | tuple[str, int]:
    """Make an instructor account a co-instructor of the course."""
    managed_course(current_user, course_id)
    form = ColleagueForm()
    if not form.validate_on_submit():
        return _course_page(course_id, colleague_form=form, status=422)
    name = form.username.data.strip()
    try:
        add_instructor(current_user, course_id, name)
    except NotFound:
        form.username.errors.append(_("No account is called %(name)s.", name=name))
        return _course_page(course_id, colleague_form=form, status=422)
    except Conflict as refused:
        form.username.errors.append(_("%(name)s is a student account: only instructors "
                                      "co-teach.", name=name) if refused.code ==
                                    "not_an_instructor" else refused.message)
        return _course_page(course_id, colleague_form=form, status=422)
    flash(_("%(name)s now teaches this course.", name=name), "success")
    return redirect(url_for("web.courses.course", course_id=course_id, _anchor="members"))


@bp.get("/<int:course_id>/members/<username>/remove")
@login_required
def confirm_remove(course_id: int, username: str) -> str:
    """Ask before removing a member, saying what it does (a GET never removes)."""
    member = next((m for m in members_of(current_user, course_id)
                   if m.user.username == username), None)
    if member is None:
        raise NotFound(f"{username!r} is not in this course")
    return render_template("courses/remove_member.html", course=member.course, member=member)


@bp.post("/<int:course_id>/roster")
@login_required
def roster(course_id: int) -> Response:
    """Change how the roster names a member: a student their own name and e-mail, an
    instructor any member's fields."""
    form = RosterForm()
    anchor = "roster" if form.own.data == "1" else "members"
    back = url_for("web.courses.course", course_id=course_id, _anchor=anchor)
    if not form.validate_on_submit():
        flash(_("Nothing was changed: name the member, and keep each field short."), "error")
        return redirect(back)
    try:
        member = update_roster(current_user, course_id, form.username.data.strip(),
                               form.fields())
    except (Forbidden, NotFound, Unprocessable) as refused:
        flash(_("Nothing was changed: %(reason)s", reason=refused.message), "error")
        return redirect(back)
    flash(_("Saved how the roster names %(name)s.", name=member.user.username), "success")
    return redirect(back)


@bp.post("/<int:course_id>/members/<username>/remove")
@login_required
def remove(course_id: int, username: str) -> Response:
    """Remove a student or a co-instructor; the course keeps at least one instructor."""
    try:
        remove_member(current_user, course_id, username)
    except Conflict:
        flash(_("A course keeps at least one instructor: add another before removing the "
                "last one."), "error")
        return redirect(url_for("web.courses.course", course_id=course_id, _anchor="members"))
    flash(_("%(name)s was removed from the course.", name=username), "success")
    if not _visible(course_id):  # the user removed themselves
        return redirect(url_for("web.courses.index"))
    return redirect(url_for("web.courses.course", course_id=course_id, _anchor="members"))
