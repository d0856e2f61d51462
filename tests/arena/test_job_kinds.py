"""The one job lifecycle holds for every registered kind of background work (arena.jobs.kinds):
a queued job is claimed once however many workers race for it, only the attempt that owns it
finishes it, renews its lease or gives it back, and a lapsed lease puts it back (three lapses
end it with what the kind records on giving up). On SQLite, or ARENA_DATABASE_URL's
PostgreSQL."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import Enum, select, update

from arena.extensions import Base, db
from arena.jobs.kinds import KINDS
from arena.jobs.lifecycle import MAX_ATTEMPTS, JobKind
from arena.models import (
    ChallengeVersion,
    LtiContext,
    LtiPlatform,
    LtiResourceLink,
    LtiScore,
    Regrade,
    RegradeItem,
    Submission,
    User,
)
from arena.services.catalog import get_challenge
from arena.services.courses import create_course
from arena.services.lessons import create_cell_run
from arena.services.submissions import create_submission
from arena.services.users import create_user
from graders.verdicts import Status

CODE = "def softmax(row):\n    return row\n"
LEARNERS = itertools.count()


def _user(name: str) -> User:
    return db.session.scalar(select(User).where(User.username == name)) or create_user(name)


def _submission(name: str = "ann") -> int:
    return create_submission(_user(name), "softmax", CODE).id


def _regrade_item() -> int:
    """A regrade item of a graded submission (of a user of its own: nothing of theirs runs)."""
    graded = db.session.get(Submission, _submission(f"learner{next(LEARNERS)}"))
    graded.status = Status.DONE
    regrade = Regrade(challenge_id=graded.challenge_id, version_id=graded.version_id)
    item = RegradeItem(regrade=regrade, submission_id=graded.id)
    db.session.add(item)
    db.session.commit()
    return item.id


def _cell_run() -> int:
    """A run of the first lesson's first cell (of a user of its own)."""
    return create_cell_run(_user(f"learner{next(LEARNERS)}"), "attention-basics", "example",
                           "print(1)").id


def _version_job(prefix: str) -> Callable[[], int]:
    """Queue the validation, preparation or examples (`prefix`) of a fresh copy of softmax's
    version."""

    def queue() -> int:
        current = get_challenge("softmax").current_version
        number = db.session.scalar(select(db.func.max(ChallengeVersion.number))) + 1
        version = ChallengeVersion(
            challenge_id=current.challenge_id, number=number, content_hash=f"copy{number}",
            spec=current.spec)
        setattr(version, f"{prefix}status", Status.QUEUED)
        db.session.add(version)
        db.session.commit()
        return version.id

    return queue


def _lti_score() -> int:
    """A score for a learning platform: a student's on a resource link (of a course of its
    own, bound to an LMS course)."""
    number = next(LEARNERS)
    teacher = create_user(f"teacher{number}", "instructor")
    platform = LtiPlatform(issuer=f"https://lms{number}.example", client_id="tool",
                           deployment_ids=["1"], key_set_url="https://lms.example/jwks",
                           auth_login_url="https://lms.example/auth",
                           access_token_url="https://lms.example/token")
    context = LtiContext(platform=platform, issuer=platform.issuer, deployment_id="1",
                         context_id="c", course=create_course(teacher, "LMS course"))
    link = LtiResourceLink(context=context, resource_link_id="r",
                           lineitem_url="https://lms.example/lineitems/1")
    score = LtiScore(link=link, user=_user(f"learner{number}"))
    db.session.add(score)
    db.session.commit()
    return score.id


#: How a test queues a job of each kind, by the kind's name.
QUEUE = {"submission": _submission, "regrade_item": _regrade_item, "cell_run": _cell_run,
         "validate": _version_job("validation_"), "prepare": _version_job("prepare_"),
         "examples": _version_job("examples_"), "lti_score": _lti_score}


@pytest.fixture(params=KINDS, ids=lambda kind: kind.name)
def kind(request) -> JobKind:
    return request.param


@pytest.fixture
def ctx(app, claimable_catalog):
    with app.app_context():
        yield app


def _row(kind: JobKind, job_id: int) -> dict[str, object]:
    """The job's lifecycle columns, read afresh, by their unprefixed names."""
    names = ("status", "attempt", "started_at", "finished_at", "lease_expires_at")
    row = db.session.execute(select(*(kind.column(name) for name in names))
                             .where(kind.model.id == job_id)).one()
    db.session.commit()
    return dict(zip(names, row, strict=True))


def _lapse(kind: JobKind, job_id: int) -> None:
    db.session.execute(update(kind.model).where(kind.model.id == job_id).values(
        {kind.column("lease_expires_at"): datetime.now(UTC) - timedelta(seconds=1)}))
    db.session.commit()


def test_every_lifecycle_in_the_models_has_a_kind():
    statuses = {(table.name, column.name) for table in Base.metadata.sorted_tables
                for column in table.columns
                if isinstance(column.type, Enum) and column.type.enum_class is Status}
    assert statuses == {(kind.model.__tablename__, kind.status.key) for kind in KINDS}
    assert len({kind.name for kind in KINDS}) == len(KINDS)


def test_a_queued_job_is_claimed_once_however_many_race(app, claimable_catalog, kind):
    with app.app_context():
        job_id = QUEUE[kind.name]()
    start, won = threading.Barrier(6), []

    def worker() -> None:
        with app.app_context():
            start.wait()
            won.append(kind.claim(job_id))

    threads = [threading.Thread(target=worker) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(won) == [False] * 5 + [True]
    with app.app_context():
        row = _row(kind, job_id)
    assert (row["status"], row["attempt"]) == (Status.RUNNING, 1)
    assert row["lease_expires_at"] > datetime.now(UTC) + timedelta(seconds=20)
    assert row["started_at"] is not None and row["finished_at"] is None


def test_only_the_owning_attempt_finishes(ctx, kind):
    job_id = QUEUE[kind.name]()
    assert not kind.finish(job_id, 0)  # a queued job is nobody's
    assert kind.claim(job_id)
    assert not kind.finish(job_id, 2)
    assert not kind.give_back(job_id, 2)
    assert kind.finish(job_id, 1)
    db.session.commit()
    assert not kind.finish(job_id, 1)  # finished once
    row = _row(kind, job_id)
    assert (row["status"], row["attempt"], row["lease_expires_at"]) == (Status.DONE, 1, None)
    assert row["finished_at"] >= row["started_at"]
    assert not kind.claim(job_id)  # a done job is never claimed again


def test_a_lapsed_lease_is_reaped_and_its_attempt_loses_the_job(ctx, kind):
    job_id = QUEUE[kind.name]()
    assert kind.claim(job_id)
    assert kind.reap() == 0  # a live lease is kept
    _lapse(kind, job_id)
    assert kind.reap() == 1
    db.session.commit()
    row = _row(kind, job_id)
    assert (row["status"], row["lease_expires_at"], row["started_at"]) == (Status.QUEUED, None,
                                                                           None)
    assert kind.claim(job_id)
    _lapse(kind, job_id)
    kind.renew(job_id, 1)  # the stale attempt's heartbeat revives nothing
    assert _row(kind, job_id)["lease_expires_at"] < datetime.now(UTC)
    assert not kind.finish(job_id, 1)
    kind.renew(job_id, 2)
    assert _row(kind, job_id)["lease_expires_at"] > datetime.now(UTC)
    assert kind.finish(job_id, 2)
    db.session.commit()


def test_a_job_whose_lease_lapsed_too_often_is_given_up(ctx, kind):
    job_id = QUEUE[kind.name]()
    for attempt in range(1, MAX_ATTEMPTS + 1):
        assert kind.claim(job_id)
        assert _row(kind, job_id)["attempt"] == attempt
        _lapse(kind, job_id)
        assert kind.reap() == (attempt < MAX_ATTEMPTS)
        db.session.commit()
    row = _row(kind, job_id)
    assert (row["status"], row["lease_expires_at"]) == (Status.DONE, None)
    job = db.session.get(kind.model, job_id, populate_existing=True)
    for name, value in kind.gave_up().items():
        assert getattr(job, name) == value
    assert not kind.claim(job_id)
