"""Preparing a challenge version: its cases and the reference's and mutants' outputs, computed
once in the sandbox by the authoring lane (arena.jobs.lane), never by a grading worker, within
the app's budget (graders.budget); read back by every grading through a cache bounded by bytes.

A preparation is a job on its version's row (`prepare_status`, `prepare_attempt`, ...): done
with `prepared` stored, or with `prepare_error` saying why it failed. A submission to a version
whose preparation is not done waits, unclaimable (arena.jobs.grading), while the lane prepares
it; if preparing fails, the waiting submissions end as the platform's fault. A later
submission asks again: the failure may have been the platform's.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading

from cachetools import LRUCache
from flask import Flask, current_app
from sqlalchemy import ColumnElement, Select, Text, or_, select, type_coerce, update

from arena.extensions import db
from arena.jobs.lifecycle import JobKind, idle
from arena.models import ChallengeVersion
from arena.services.versions import version_spec
from graders.challenge.prepared import Prepared
from graders.grading.budget import Budget, OutOfTime
from graders.grading.prepare import PrepareError, prepare
from graders.sandbox.base import Sandbox
from graders.verdicts import Status

log = logging.getLogger(__name__)
GAVE_UP = "preparing this version was interrupted too many times; the platform gave up"


class Preparations(JobKind):
    """A version's preparation: it waits while the version's validation runs (which may store
    the same cases); giving up keeps why."""

    name, model, prefix = "prepare", ChallengeVersion, "prepare_"

    def may_start(self) -> list[ColumnElement[bool]]:
        return [idle(ChallengeVersion.validation_status)]

    def gave_up(self) -> dict[str, object]:
        return {"prepare_error": GAVE_UP}

    def verdict(self, values: dict[str, object]) -> str:
        return "failed" if values.get("prepare_error") else "prepared"

    def run(self, job_id: int, sandbox: Sandbox) -> None:
        run_preparation(job_id, sandbox)


PREPARATIONS = Preparations()


def budget() -> Budget:
    """Return the app's budget of a version's preparation and validation."""
    config = current_app.config
    return Budget(cases=config["PREPARE_MAX_CASES"], input_bytes=config["PREPARE_INPUT_BYTES"],
                  output_bytes=config["PREPARE_OUTPUT_BYTES"],
                  seconds=config["AUTHORING_SECONDS"])


def prepared_versions() -> Select:
    """Select the versions whose preparation is over (stored, or failed): work on them may be
    claimed. Work on the others waits for the authoring lane, which no grading worker runs."""
    return select(ChallengeVersion.id).where(ChallengeVersion.prepare_status == Status.DONE)


def needs_preparation(version: ChallengeVersion) -> bool:
    """Tell whether work on `version` has to ask for its preparation: never asked, or failed."""
    return version.prepare_status is None or (version.prepare_status == Status.DONE
                                              and version.prepare_error is not None)


def request_preparation(version_id: int) -> bool:
    """Queue the preparation of a version never asked for, or whose last one failed; tell
    whether this call queued it. The caller commits."""
    failed = (ChallengeVersion.prepare_status == Status.DONE) & \
        ChallengeVersion.prepare_error.is_not(None)
    return db.session.execute(update(ChallengeVersion).where(
        ChallengeVersion.id == version_id,
        or_(ChallengeVersion.prepare_status.is_(None), failed))
        .values(prepare_status=Status.QUEUED)).rowcount == 1


def prepare_version(version: ChallengeVersion, sandbox: Sandbox) -> Prepared:
    """Compute and store a version's cases now, outside the lane, unless they are stored;
    raise PrepareError (or OutOfTime) when its code fails or passes the budget, keeping that
    error."""
    db.session.refresh(version)
    if version.prepared is not None:
        return prepared_data(version)
    try:
        prepared = prepare(version_spec(version), sandbox, budget())
    except (PrepareError, OutOfTime) as exc:
        db.session.rollback()
        record_failure(version, str(exc))
        raise
    version.prepared, version.prepare_error = prepared.to_json(), None
    db.session.commit()
    return prepared_data(version)


def record_failure(version: ChallengeVersion, error: str) -> None:
    """Keep why a version could not be prepared, outside its preparation job (a validation
    that failed before computing its cases): the submissions waiting for it end."""
    version.prepare_status, version.prepare_error = Status.DONE, error
    db.session.commit()


def run_preparation(version_id: int, sandbox: Sandbox) -> None:
    """Prepare a claimed version, renewing its lease, and finish the job with its cases or
    why there are none; never leave it running."""
    version = db.session.get(ChallengeVersion, version_id)
    attempt, outcome = version.prepare_attempt, {}
    try:
        if prepared_data(version) is None:
            with PREPARATIONS.heartbeat(version_id, attempt):
                prepared = prepare(version_spec(version), sandbox, budget())
            outcome = {"prepared": prepared.to_json(), "prepare_error": None}
    except (PrepareError, OutOfTime) as exc:
        log.info("version %s cannot be prepared: %s", version_id, exc)
        outcome = {"prepare_error": str(exc)}
    except Exception as exc:  # noqa: BLE001 - the platform's fault: say so, never stay running
        log.exception("preparing version %s failed", version_id)
        db.session.rollback()
        outcome = {"prepare_error": f"the platform failed to prepare this version "
                                    f"({type(exc).__name__}); a new submission tries again"}
    PREPARATIONS.finish(version_id, attempt, **outcome)
    db.session.commit()


def prepared_data(version: ChallengeVersion) -> Prepared | None:
    """Return a version's prepared cases, or None before they are computed.

    Every grading reads them: the stored text is decoded once per process and kept in a
    cache bounded by bytes (ARENA_PREPARED_CACHE_BYTES), keyed by a digest of the text, so
    that a changed row is never missed."""
    raw = db.session.scalar(select(type_coerce(ChallengeVersion.prepared, Text))
                            .where(ChallengeVersion.id == version.id))
    return current_app.extensions["arena.prepared"].decode(raw) if raw is not None else None


def decoded_bytes(text: str) -> int:
    """Bound the memory that decoding a JSON text takes: its characters, 64 bytes a value (a
    number and its place in a list take 32) and 256 more an object (measured on CPython)."""
    values = text.count(",") + text.count("[") + text.count(":") + 1
    return len(text) + 64 * values + 256 * text.count("{")


class DecodedCache:
    """Decoded prepared data, least recently used out first once `max_bytes` are held, each
    entry weighed by `decoded_bytes`; one bigger than all of it is decoded, not kept."""

    def __init__(self, max_bytes: int) -> None:
        self._entries = LRUCache(max_bytes, getsizeof=lambda entry: entry[1])
        self._lock = threading.Lock()

    @property
    def held_bytes(self) -> int:
        """Return the weight of the entries kept now."""
        return self._entries.currsize

    def decode(self, raw: str) -> Prepared:
        """Return the prepared data a stored text holds, decoding it only when not kept."""
        key = hashlib.blake2b(raw.encode(), digest_size=16).digest()
        with self._lock:
            entry = self._entries.get(key)
        if entry is not None:
            return entry[0]
        prepared, weight = Prepared.from_json(json.loads(raw)), decoded_bytes(raw)
        if weight <= self._entries.maxsize:
            with self._lock:
                self._entries[key] = (prepared, weight)
        return prepared


def init_app(app: Flask) -> None:
    """Give the app its cache of decoded prepared data."""
    app.extensions["arena.prepared"] = DecodedCache(app.config["PREPARED_CACHE_BYTES"])
