"""Courses: a class with a join code, and its members (students and instructors)."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import CheckConstraint, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from arena.extensions import db
from arena.models.types import UTCDateTime, utcnow
from arena.models.user import User


class CourseRole(StrEnum):
    """What a member does in one course."""

    STUDENT = "student"
    INSTRUCTOR = "instructor"


class Course(db.Model):
    """A class: students join it with its code; its instructors manage it."""

    __tablename__ = "course"

    id: Mapped[int] = mapped_column(primary_key=True)
    title: Mapped[str] = mapped_column(String(200))
    join_code: Mapped[str] = mapped_column(String(16), unique=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

    members: Mapped[list[CourseMember]] = relationship(back_populates="course",
                                                       cascade="all, delete-orphan")


class CourseMember(db.Model):
    """One person's place in one course."""

    __tablename__ = "course_member"
    __table_args__ = (UniqueConstraint("course_id", "user_id"),
                      CheckConstraint("role IN ('student', 'instructor')", name="role"))

    id: Mapped[int] = mapped_column(primary_key=True)
    course_id: Mapped[int] = mapped_column(ForeignKey("course.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"))
    role: Mapped[str] = mapped_column(String(16), default=CourseRole.STUDENT)
    joined_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

    course: Mapped[Course] = relationship(back_populates="members")
    user: Mapped[User] = relationship()
