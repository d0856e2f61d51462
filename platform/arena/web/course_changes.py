"""Changing a course from its page: an assignment edited (with its students' own due times)
or deleted, the course archived, unarchived or deleted. Each deletion is asked first on a page
of its own that says what goes (a GET never changes anything; the confirmation's form posts),
so it works without JavaScript, like joining by link. Who may do what is the course
services' decision.
"""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, url_for
from flask_babel import gettext as _
from flask_login import current_user, login_required
from werkzeug.wrappers import Response

from arena.errors import Conflict, NotFound, Unprocessable
from arena.models import CourseRole
from arena.services.assignments import (
    assignments_of,
    delete_assignment,
    drop_extension,
    extend,
    graded_students,
    managed_assignment,
    update_assignment,
)
from arena.services.courses import delete_course, managed_course, members_of, set_archived
from arena.web.courses import challenge_choices
from arena.web.forms import AssignmentForm, ExtensionForm

bp = Blueprint("course_changes", __name__, url_prefix="/courses")


def _to_course(course_id: int, anchor: str = "assignments") -> Response:
    return redirect(url_for("web.courses.course", course_id=course_id, _anchor=anchor))


def _edit_page(course_id: int, assignment_id: int, form: AssignmentForm | None = None,
               extension_form: ExtensionForm | None = None,
               status: int = 200) -> tuple[str, int]:
    """Render the forms that change an assignment and its students' own due times."""
    assignment = managed_assignment(current_user, course_id, assignment_id)
    if form is None:
        form = AssignmentForm()
        form.challenges.choices = challenge_choices(course_id)
        form.show(assignment)
    extension_form = extension_form or _extension_form(course_id)
    extensions = sorted(assignment.extensions, key=lambda e: e.user.username)
    return render_template("courses/edit_assignment.html", assignment=assignment,
                           course=assignment.course, form=form,
                           extension_form=extension_form, extensions=extensions), status


def _extension_form(course_id: int) -> ExtensionForm:
    """Return the form of a student's own due time, offering the course's students."""
    form = ExtensionForm(prefix="extension")
    form.username.choices = [member.user.username for member in members_of(
        current_user, course_id) if member.role == CourseRole.STUDENT]
    return form


@bp.get("/<int:course_id>/assignments/<int:assignment_id>/edit")
@login_required
def edit_assignment(course_id: int, assignment_id: int) -> tuple[str, int]:
    """Show an assignment's form, filled with the assignment as it is."""
    return _edit_page(course_id, assignment_id)


@bp.post("/<int:course_id>/assignments/<int:assignment_id>/edit")
@login_required
def update(course_id: int, assignment_id: int) -> Response | tuple[str, int]:
    """Change an assignment; its challenges keep the versions they pin."""
    managed_assignment(current_user, course_id, assignment_id)
    form = AssignmentForm()
    form.challenges.choices = challenge_choices(course_id)
    if not form.validate_on_submit():
        return _edit_page(course_id, assignment_id, form, status=422)
    try:
        assignment = update_assignment(current_user, course_id, assignment_id, form.fields())
    except (Conflict, NotFound, Unprocessable) as refused:
        form.title.errors.append(_("The assignment was not changed: %(reason)s",
                                   reason=refused.message))
        return _edit_page(course_id, assignment_id, form, status=422)
    flash(_("Assignment %(title)s changed.", title=assignment.title), "success")
    return _to_course(course_id)


@bp.post("/<int:course_id>/assignments/<int:assignment_id>/extensions")
@login_required
def add_extension(course_id: int, assignment_id: int) -> Response | tuple[str, int]:
    """Give a student their own due time (replacing the one they had)."""
    managed_assignment(current_user, course_id, assignment_id)
    form = _extension_form(course_id)
    if not form.validate_on_submit():
        return _edit_page(course_id, assignment_id, extension_form=form, status=422)
    name = form.username.data
    try:
        extend(current_user, course_id, assignment_id, name, form.due())
    except (Conflict, NotFound, Unprocessable) as refused:
        form.due_at.errors.append(_("No due time was given: %(reason)s",
                                    reason=refused.message))
        return _edit_page(course_id, assignment_id, extension_form=form, status=422)
    flash(_("%(name)s has a due time of their own.", name=name), "success")
    return _to_edit(course_id, assignment_id)


@bp.post("/<int:course_id>/assignments/<int:assignment_id>/extensions/<username>/delete")
@login_required
def remove_extension(course_id: int, assignment_id: int, username: str) -> Response:
    """Take a student's own due time away (the form is its own confirmation: one click)."""
    drop_extension(current_user, course_id, assignment_id, username)
    flash(_("%(name)s is due when the class is again.", name=username), "success")
    return _to_edit(course_id, assignment_id)


def _to_edit(course_id: int, assignment_id: int) -> Response:
    return redirect(url_for("web.course_changes.edit_assignment", course_id=course_id,
                            assignment_id=assignment_id, _anchor="extensions"))


@bp.get("/<int:course_id>/assignments/<int:assignment_id>/delete")
@login_required
def confirm_delete_assignment(course_id: int, assignment_id: int) -> str:
    """Ask before deleting an assignment, naming the students whose grades for it go."""
    assignment = managed_assignment(current_user, course_id, assignment_id)
    return render_template("courses/delete_assignment.html", assignment=assignment,
                           course=assignment.course,
                           students=graded_students(current_user, course_id, assignment_id))


@bp.post("/<int:course_id>/assignments/<int:assignment_id>/delete")
@login_required
def delete_assignment_view(course_id: int, assignment_id: int) -> Response:
    """Delete an assignment, once confirmed."""
    title = managed_assignment(current_user, course_id, assignment_id).title
    delete_assignment(current_user, course_id, assignment_id)
    flash(_("Assignment %(title)s deleted.", title=title), "success")
    return _to_course(course_id)


@bp.post("/<int:course_id>/archive", defaults={"archived": True})
@bp.post("/<int:course_id>/unarchive", defaults={"archived": False})
@login_required
def archive(course_id: int, archived: bool) -> Response:
    """Archive the course (read-only from now on), or bring it back."""
    set_archived(current_user, course_id, archived)
    flash(_("The course is archived: it is read-only until you unarchive it.") if archived
          else _("The course runs again."), "success")
    return _to_course(course_id, "course-title")


@bp.get("/<int:course_id>/delete")
@login_required
def confirm_delete(course_id: int) -> str:
    """Ask before deleting a course, naming what goes with it."""
    course = managed_course(current_user, course_id)
    members = members_of(current_user, course_id)
    return render_template("courses/delete_course.html", course=course,
                           assignments=assignments_of(course_id),
                           students=[m for m in members if m.role == CourseRole.STUDENT],
                           instructors=[m for m in members if m.role == CourseRole.INSTRUCTOR])


@bp.post("/<int:course_id>/delete")
@login_required
def delete(course_id: int) -> Response:
    """Delete a course, once confirmed."""
    title = managed_course(current_user, course_id).title
    delete_course(current_user, course_id)
    flash(_("The course %(title)s was deleted.", title=title), "success")
    return redirect(url_for("web.courses.index"))
