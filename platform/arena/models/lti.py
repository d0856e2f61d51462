"""LTI 1.3 (arena.lti): the learning platforms registered with us, our signing keys, the
launches under way, the LMS users, contexts and resource links bound to ours, and the scores
sent back to the platforms' line items."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import JSON, Float, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from arena.extensions import db
from arena.models.challenge import Challenge
from arena.models.course import Assignment, Course
from arena.models.lifecycle import lifecycle
from arena.models.types import UTCDateTime, one_of, stored_enum, utcnow
from arena.models.user import User

#: The longest URL a registration or a claim may hold.
URL_LENGTH = 2000
#: The longest identifier (issuer, client id, deployment id, sub, context id) we keep.
ID_LENGTH = 255


class LtiPlatform(db.Model):
    """A learning platform registered with us: who it is (issuer, our client id there), the
    deployments it may launch from, and its endpoints."""

    __tablename__ = "lti_platform"
    __table_args__ = (UniqueConstraint("issuer", "client_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    issuer: Mapped[str] = mapped_column(String(ID_LENGTH))
    client_id: Mapped[str] = mapped_column(String(ID_LENGTH))
    name: Mapped[str | None] = mapped_column(String(200))
    deployment_ids: Mapped[list[str]] = mapped_column(JSON)
    key_set_url: Mapped[str] = mapped_column(String(URL_LENGTH))
    auth_login_url: Mapped[str] = mapped_column(String(URL_LENGTH))
    access_token_url: Mapped[str] = mapped_column(String(URL_LENGTH))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class LtiKey(db.Model):
    """One of our RSA key pairs: the newest unretired one signs; a retired one stays in our
    key set for a while (arena.lti.keys) so that what it signed can still be checked."""

    __tablename__ = "lti_key"

    id: Mapped[int] = mapped_column(primary_key=True)
    kid: Mapped[str] = mapped_column(String(64), unique=True)
    private_pem: Mapped[str] = mapped_column(Text)
    public_jwk: Mapped[dict] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    retired_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class LtiLogin(db.Model):
    """A login initiation: the state and nonce we sent the platform, each good once, for a
    few minutes (arena.lti.launch)."""

    __tablename__ = "lti_login"

    id: Mapped[int] = mapped_column(primary_key=True)
    platform_id: Mapped[int] = mapped_column(ForeignKey("lti_platform.id", ondelete="CASCADE"))
    state: Mapped[str] = mapped_column(String(64), unique=True)
    nonce: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, index=True)
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    platform: Mapped[LtiPlatform] = relationship()


class LtiAccount(db.Model):
    """Our user for one platform's user (issuer, sub): made on their first launch, never
    matched by e-mail."""

    __tablename__ = "lti_account"
    __table_args__ = (UniqueConstraint("issuer", "sub"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    issuer: Mapped[str] = mapped_column(String(ID_LENGTH))
    sub: Mapped[str] = mapped_column(String(ID_LENGTH))
    user_id: Mapped[int] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"),
                                         index=True)

    user: Mapped[User] = relationship()


class LtiContext(db.Model):
    """Our course for one LMS course (issuer, deployment, context id), made on an
    instructor's first launch; its roster service when the platform offers one."""

    __tablename__ = "lti_context"
    __table_args__ = (UniqueConstraint("issuer", "deployment_id", "context_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    platform_id: Mapped[int] = mapped_column(ForeignKey("lti_platform.id", ondelete="CASCADE"))
    issuer: Mapped[str] = mapped_column(String(ID_LENGTH))
    deployment_id: Mapped[str] = mapped_column(String(ID_LENGTH))
    context_id: Mapped[str] = mapped_column(String(ID_LENGTH))
    course_id: Mapped[int] = mapped_column(ForeignKey("course.id", ondelete="CASCADE"),
                                           index=True)
    memberships_url: Mapped[str | None] = mapped_column(String(URL_LENGTH))

    platform: Mapped[LtiPlatform] = relationship()
    course: Mapped[Course] = relationship()


class LtiResourceLink(db.Model):
    """An activity in an LMS course: the challenge or assignment it opens, and the line item
    its scores go to."""

    __tablename__ = "lti_resource_link"
    __table_args__ = (UniqueConstraint("context_id", "resource_link_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    context_id: Mapped[int] = mapped_column(ForeignKey("lti_context.id", ondelete="CASCADE"))
    resource_link_id: Mapped[str] = mapped_column(String(ID_LENGTH))
    challenge_id: Mapped[int | None] = mapped_column(
        ForeignKey("challenge.id", ondelete="SET NULL"))
    assignment_id: Mapped[int | None] = mapped_column(
        ForeignKey("assignment.id", ondelete="SET NULL"))
    lineitem_url: Mapped[str | None] = mapped_column(String(URL_LENGTH))

    context: Mapped[LtiContext] = relationship()
    challenge: Mapped[Challenge | None] = relationship()
    assignment: Mapped[Assignment | None] = relationship()


class ScoreOutcome(StrEnum):
    """How sending a score ended."""

    SENT = "sent"
    FAILED = "failed"  # the platform refused it, or was away for every try


class LtiScore(lifecycle(), db.Model):
    """A student's score on one resource link, as a job (arena.lti.scores): queued when their
    standing may have changed, computed and sent when it runs, retried with backoff while the
    platform is away; one row per link and student, so a newer request supersedes a pending
    one and scores go out in order."""

    __tablename__ = "lti_score"
    __table_args__ = (UniqueConstraint("link_id", "user_id"), one_of("outcome", ScoreOutcome),
                      Index("ix_lti_score_status_requested_at", "status", "requested_at"))

    id: Mapped[int] = mapped_column(primary_key=True)
    link_id: Mapped[int] = mapped_column(ForeignKey("lti_resource_link.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"),
                                         index=True)
    #: When the newest change of standing asked for a score: a run that started before it
    #: sends again.
    requested_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    #: Failed tries in a row, and when the next may start.
    tries: Mapped[int] = mapped_column(Integer, default=0)
    next_try_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    outcome: Mapped[ScoreOutcome | None] = mapped_column(stored_enum(ScoreOutcome, 16))
    score_given: Mapped[float | None] = mapped_column(Float)
    score_maximum: Mapped[float | None] = mapped_column(Float)
    #: The timestamp of the newest score sent: the next one is later.
    sent_timestamp: Mapped[datetime | None] = mapped_column(UTCDateTime)
    error: Mapped[str | None] = mapped_column(String(500))

    link: Mapped[LtiResourceLink] = relationship()
    user: Mapped[User] = relationship()
