"""The LMS's people and courses as ours: a user per (issuer, sub), never matched by e-mail; a
course per LMS context (issuer, deployment, context id); LMS roles mapped to course roles."""

from __future__ import annotations

import hashlib
import secrets

from sqlalchemy import select

from arena.extensions import db
from arena.models import (
    Course,
    CourseMember,
    CourseRole,
    LtiAccount,
    LtiContext,
    LtiPlatform,
    Role,
    User,
)
from arena.models.user import EMAIL_LENGTH
from arena.services.courses import create_course
from arena.services.gradebook_cells import refresh_member
from arena.services.users import NameTaken, create_user

#: The LMS roles (LTI 1.3 context roles, full URIs or short names) that teach a course.
TEACHING_ROLES = ("Instructor", "TeachingAssistant", "ContentDeveloper", "Administrator")
MAX_NAME = 200


def course_role(lms_roles: object) -> CourseRole:
    """Map an LMS's role claim to ours: instructors and teaching assistants teach; everyone
    else (Learner, Mentor, none) studies."""
    roles = lms_roles if isinstance(lms_roles, list) else []
    for role in roles:
        name = str(role).rsplit("#", 1)[-1].rsplit("/", 1)[-1]
        if name in TEACHING_ROLES and "/system/" not in str(role):
            return CourseRole.INSTRUCTOR
    return CourseRole.STUDENT


def lms_user(issuer: str, sub: str, teaches: bool) -> User:
    """Return our user for an LMS user, made on first sight with a name of its own (an
    instructor's account may create courses); someone who teaches in the LMS becomes an
    instructor here, never an admin, and is never demoted."""
    account = db.session.scalar(select(LtiAccount).where(LtiAccount.issuer == issuer,
                                                         LtiAccount.sub == sub))
    if account is None:
        digest = hashlib.sha256(f"{issuer}\n{sub}".encode()).hexdigest()[:10]
        role = Role.INSTRUCTOR if teaches else Role.STUDENT
        try:
            user = create_user(f"lti-{digest}", role)
        except NameTaken:
            user = create_user(f"lti-{digest}-{secrets.token_hex(3)}", role)
        account = LtiAccount(issuer=issuer, sub=sub, user=user)
        db.session.add(account)
        db.session.commit()
    user = account.user
    if teaches and user.role == Role.STUDENT:
        user.role = Role.INSTRUCTOR
        db.session.commit()
    return user


def bound_context(platform: LtiPlatform, deployment_id: str, context_id: str) -> LtiContext | None:
    """Return the binding of an LMS context to our course, if it has one."""
    return db.session.scalar(select(LtiContext).where(
        LtiContext.issuer == platform.issuer, LtiContext.deployment_id == deployment_id,
        LtiContext.context_id == context_id))


def bind_context(platform: LtiPlatform, deployment_id: str, context_id: str, title: str,
                 instructor: User) -> LtiContext:
    """Make a course for an LMS context, taught by the instructor who launched first."""
    course = create_course(instructor, (title.strip() or context_id)[:MAX_NAME])
    context = LtiContext(platform=platform, issuer=platform.issuer, deployment_id=deployment_id,
                         context_id=context_id, course=course)
    db.session.add(context)
    db.session.commit()
    return context


def enrol(user: User, course: Course, role: CourseRole, name: str | None = None,
          email: str | None = None) -> CourseMember:
    """Make the user a member of the course in the role the LMS gives them, with the roster's
    name and address; their cells (and scores) follow when they join or change role."""
    member = db.session.scalar(select(CourseMember).where(CourseMember.course_id == course.id,
                                                          CourseMember.user_id == user.id))
    changed = member is None or member.role != role
    if member is None:
        member = CourseMember(course=course, user=user, role=role)
        db.session.add(member)
    member.role = role
    if name:
        member.display_name = name.strip()[:MAX_NAME] or None
    if email and len(email) <= EMAIL_LENGTH:
        member.email = email
    if changed:
        db.session.flush()
        refresh_member(user.id, course.id)
    db.session.commit()
    return member
