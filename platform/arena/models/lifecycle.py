"""The lifecycle columns every job table carries (arena.jobs.lifecycle works them): a status,
the attempt that owns the job, its lease, and when that attempt started and finished."""

from __future__ import annotations

from sqlalchemy import Enum, Integer
from sqlalchemy.orm import declared_attr, mapped_column

from arena.models.types import UTCDateTime
from graders.verdicts import Status


def status_type(name: str) -> Enum:
    """Return the type of a lifecycle status: a `Status`, stored as its string (VARCHAR(16)),
    checked by the constraint `name` (ck_<table>_<name>)."""
    return Enum(Status, name=name, native_enum=False, length=16, create_constraint=True,
                values_callable=lambda statuses: [status.value for status in statuses])


def lifecycle(prefix: str = "", asked: bool = True) -> type:
    """Return a declarative mixin of a job's lifecycle columns, each name led by `prefix` (a
    table holding two kinds of job names them apart).

    `asked`: every row is a job, queued when made; else the status stays None until a job is
    asked for (a version's validation or preparation)."""
    columns = {
        "status": lambda: mapped_column(status_type(f"{prefix}status"), nullable=not asked,
                                        default=Status.QUEUED if asked else None),
        "attempt": lambda: mapped_column(Integer, nullable=False, default=0),
        "started_at": lambda: mapped_column(UTCDateTime, nullable=True),
        "finished_at": lambda: mapped_column(UTCDateTime, nullable=True),
        # While running: the worker's claim ends then unless its heartbeat renews it.
        "lease_expires_at": lambda: mapped_column(UTCDateTime, nullable=True),
    }
    return type(f"{prefix.title().rstrip('_')}Lifecycle", (), {
        prefix + name: declared_attr(lambda cls, make=make: make())
        for name, make in columns.items()})
