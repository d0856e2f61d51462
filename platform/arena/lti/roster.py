"""Names and Role Provisioning Services: a course bound to an LMS context takes its members
from the platform's membership service (each an account of its own, linked by issuer and
sub, in the role the LMS gives them), page by page up to MAX_PAGES."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from arena.errors import Conflict
from arena.extensions import db
from arena.lti.accounts import course_role, enrol, lms_user
from arena.lti.messages import ROSTER_SCOPE, PlatformError, access_token, call
from arena.models import CourseRole, LtiContext, User
from arena.models.lti import ID_LENGTH
from arena.services.courses import managed_course, membership

MAX_PAGES = 50
MEMBERSHIPS = "application/vnd.ims.lti-nrps.v2.membershipcontainer+json"


@dataclass
class RosterSync:
    """What a sync did: members seen active in the LMS, and of them, new here."""

    members: int = 0
    added: int = 0


def sync_roster(user: User | None, course_id: int) -> RosterSync:
    """Fill a course's members from its LMS (a course's instructor, an admin, or the operator
    (None)); raise Conflict when the course has no roster service, PlatformError when the
    platform does not answer."""
    if user is not None:
        managed_course(user, course_id)
    context = db.session.scalar(select(LtiContext).where(LtiContext.course_id == course_id,
                                                         LtiContext.memberships_url.is_not(None)))
    if context is None:
        raise Conflict("this course has no roster service: no LMS launched it with one",
                       code="no_roster_service")
    token = access_token(context.platform, ROSTER_SCOPE)
    done, url = RosterSync(), context.memberships_url
    for _ in range(MAX_PAGES):
        answer = call("GET", url, token, accept=MEMBERSHIPS)
        members = answer.data.get("members") if isinstance(answer.data, dict) else None
        if not isinstance(members, list):
            raise PlatformError("the membership service answered no members")
        for member in members:
            done.added += _take(context, member)
            done.members += isinstance(member, dict) and member.get("status", "Active") == "Active"
        if not answer.next_url:
            break
        url = answer.next_url
    return done


def _take(context: LtiContext, member: object) -> bool:
    """Enrol one active LMS member; tell whether they were new to the course."""
    if not isinstance(member, dict) or member.get("status", "Active") != "Active":
        return False
    sub = member.get("user_id")
    if not isinstance(sub, str) or not sub or len(sub) > ID_LENGTH:
        return False
    role = course_role(member.get("roles"))
    user = lms_user(context.issuer, sub, role == CourseRole.INSTRUCTOR)
    new = membership(user, context.course) is None
    name, email = member.get("name"), member.get("email")
    enrol(user, context.course, role, name if isinstance(name, str) else None,
          email if isinstance(email, str) else None)
    return new
