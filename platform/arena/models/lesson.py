"""Runs of a lesson's cells: unrecorded work, each row its own job (arena.jobs.cells)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from arena.extensions import db
from arena.models.lifecycle import lifecycle
from arena.models.types import UTCDateTime, utcnow


class CellRun(lifecycle(), db.Model):
    """A learner's (or a visitor's) code run as one cell of a lesson. Read back only through
    its `token`, an unguessable name that the one who asked for the run alone learns."""

    __tablename__ = "cell_run"
    __table_args__ = (Index("ix_cell_run_status_id", "status", "id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    token: Mapped[str] = mapped_column(String(64), unique=True)
    #: None: a visitor's run.
    user_id: Mapped[int | None] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), index=True)
    lesson: Mapped[str] = mapped_column(String(100))
    cell: Mapped[str] = mapped_column(String(40))
    code: Mapped[str] = mapped_column(Text)
    #: When done: what it printed and how it ended (graders.lessons.run.CellRun.to_json).
    result: Mapped[dict | None] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
