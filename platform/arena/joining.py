"""Look a join code up, whichever door it came through (the API, the dashboard's form, a join
link): check the attempt against the user's and the address's limits first, so that guessing
codes stops at the limit (ARENA_JOIN_USER_RATE_LIMIT, ARENA_JOIN_RATE_LIMIT: codes that named
no course, counted by arena.ratelimit). Views call this, never the course service's look-ups
by code."""

from __future__ import annotations

from arena.models import Course, User
from arena.ratelimit import count_join
from arena.services.courses import course_by_code, join_course


def course_for_code(user: User, code: str) -> Course:
    """Return the course a join code names (to show it before joining); past a limit answer
    429, a right code included."""
    count_join(user.id)
    return course_by_code(code)


def join_by_code(user: User, code: str) -> Course:
    """Make the user a student of the course a join code names; past a limit answer 429, a
    right code included."""
    count_join(user.id)
    return join_course(user, code)
