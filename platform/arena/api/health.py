"""Health: liveness (the process answers), readiness (the database, Redis and the queue
answer), and the older `/health` (which sandbox and queue the app uses)."""

from __future__ import annotations

import logging
from collections.abc import Callable

from apiflask import APIBlueprint, Schema, fields
from flask import current_app
from sqlalchemy import text

from arena.api.errors import error_responses
from arena.extensions import db
from arena.jobs.distributed import GRADING
from arena.jobs.sandbox import get_sandbox
from arena.jobs.work import queued_submissions
from arena.signals import signals

log = logging.getLogger(__name__)

bp = APIBlueprint("health", __name__)


class HealthOut(Schema):
    """Whether the app can grade, and with what."""

    status = fields.String(metadata={"example": "ok"})
    sandbox = fields.String(allow_none=True, metadata={
        "example": "process",
        "description": "The embedded workers' backend; null under the distributed queue, "
                       "where only `arena worker` processes run sandboxes"})
    queue = fields.String(metadata={"example": "embedded"})


@bp.get("/health")
@bp.output(HealthOut)
@bp.doc(summary="Health check", responses={
    503: {"description": "No sandbox backend is available",
          "content": {"application/json": {"schema": HealthOut}}},
    **error_responses()})
def health() -> tuple[dict, int]:
    """Report the sandbox backend and the queue; 503 when no sandbox can run code.

    Under the distributed queue the web tier never touches a sandbox (it may not even reach
    a Docker engine): it reports the queue alone."""
    queue = current_app.config["QUEUE"]
    if queue == "distributed":
        return {"status": "ok", "sandbox": None, "queue": queue}, 200
    try:
        sandbox = get_sandbox(current_app).name
    except Exception as exc:  # any failure here means "cannot grade"
        current_app.logger.warning("no sandbox: %s", exc)
        return {"status": "unavailable", "sandbox": None, "queue": queue}, 503
    return {"status": "ok", "sandbox": sandbox, "queue": queue}, 200


class LiveOut(Schema):
    """The process answers."""

    status = fields.String(metadata={"example": "ok"})


class ReadyOut(Schema):
    """Whether this replica can serve: each check, `ok` or what failed."""

    status = fields.String(metadata={"example": "ok", "description": "`ok` or `unavailable`"})
    checks = fields.Dict(keys=fields.String(), values=fields.String(), metadata={
        "example": {"database": "ok", "redis": "ok", "queue": "ok"},
        "description": "`database`, `redis` (only when the app uses Redis) and `queue`: `ok`, "
                       "or `failed: <error class>` (never a message, which could name a host "
                       "or a user)"})


@bp.get("/health/live")
@bp.output(LiveOut)
@bp.doc(summary="Liveness", description="200 whenever the process answers; it checks nothing "
        "else (a restart would not help a database that is away: see `/health/ready`).")
def live() -> dict:
    """Answer 200: the process serves requests."""
    return {"status": "ok"}


def _check(name: str, probe: Callable[[], None]) -> str:
    """Run one readiness probe; return `ok` or the class of what it raised."""
    try:
        probe()
    except Exception as exc:  # noqa: BLE001 - any failure means "not ready", never a 500
        log.warning("readiness: %s failed (%s)", name, type(exc).__name__)
        return f"failed: {type(exc).__name__}"
    return "ok"


def _database() -> None:
    try:
        db.session.execute(text("SELECT 1"))
    finally:
        db.session.rollback()


def _queue() -> None:
    """Read the queue: the jobs waiting in the database, and the grading list in Redis."""
    try:
        queued_submissions()
    finally:
        db.session.rollback()
    shared = signals().redis
    if current_app.config["QUEUE"] == "distributed" and shared is not None:
        shared.llen(GRADING)


def _redis() -> None:
    signals().redis.ping()


@bp.get("/health/ready")
@bp.output(ReadyOut)
@bp.doc(summary="Readiness", description="200 when the database answers a query, Redis "
        "answers (when the app is configured with it) and the queue can be read; else 503 "
        "naming what failed. The compose health check of `web` reads it.", responses={
            503: {"description": "A check failed",
                  "content": {"application/json": {"schema": ReadyOut}}}})
def ready() -> tuple[dict, int]:
    """Check the database, Redis (if configured) and the queue; 503 when any fails."""
    probes = {"database": _database, "queue": _queue}
    if signals().redis is not None:
        probes["redis"] = _redis
    checks = {name: _check(name, probe) for name, probe in probes.items()}
    ok = all(result == "ok" for result in checks.values())
    return {"status": "ok" if ok else "unavailable", "checks": checks}, 200 if ok else 503
