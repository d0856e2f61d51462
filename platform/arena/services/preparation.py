"""Preparing a challenge version: its cases and the reference's and mutants' outputs, computed
once in the sandbox by the authoring lane (arena.services.version_jobs), never by a grading
worker, within the app's budget (graders.grading.budget); read back by every grading through a cache
bounded by bytes.

A submission to a version that is not prepared waits, unclaimable (arena.services.jobs), while
the lane prepares it; if preparing fails, the error is kept and the waiting submissions end as
the platform's fault. A later submission asks again: the failure may have been the platform's.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading

from cachetools import LRUCache
from flask import Flask, current_app
from sqlalchemy import Text, or_, select, type_coerce, update

from arena.extensions import db
from arena.models import ChallengeVersion
from arena.models.challenge import PREPARE_FAILED
from arena.services.leases import Heartbeat
from arena.services.versions import version_spec
from graders.challenge.prepared import Prepared
from graders.grading.budget import Budget, OutOfTime
from graders.grading.prepare import PrepareError, prepare
from graders.sandbox.base import Sandbox
from graders.verdicts import Status

log = logging.getLogger(__name__)


def budget() -> Budget:
    """Return the app's budget of a version's preparation and validation."""
    config = current_app.config
    return Budget(cases=config["PREPARE_MAX_CASES"], input_bytes=config["PREPARE_INPUT_BYTES"],
                  output_bytes=config["PREPARE_OUTPUT_BYTES"],
                  seconds=config["AUTHORING_SECONDS"])


def needs_preparation(version: ChallengeVersion) -> bool:
    """Tell whether work on `version` has to ask for its preparation: never asked, or failed."""
    return version.prepare_status in (None, PREPARE_FAILED)


def request_preparation(version_id: int) -> bool:
    """Queue the preparation of a version never asked for, or whose last one failed; tell
    whether this call queued it. The caller commits."""
    return db.session.execute(update(ChallengeVersion).where(
        ChallengeVersion.id == version_id,
        or_(ChallengeVersion.prepare_status.is_(None),
            ChallengeVersion.prepare_status == PREPARE_FAILED))
        .values(prepare_status=Status.QUEUED)).rowcount == 1


def prepare_version(version: ChallengeVersion, sandbox: Sandbox) -> Prepared:
    """Compute and store a version's cases now, unless they are stored; raise PrepareError
    (or OutOfTime) when its code fails or passes the budget, keeping that error."""
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
    """Keep why a version could not be prepared: the submissions waiting for it end."""
    version.prepare_status, version.prepare_error = PREPARE_FAILED, error
    db.session.commit()


def run_preparation(version_id: int, sandbox: Sandbox) -> None:
    """Prepare a claimed version, renewing its lease; never leave it running."""
    version = db.session.get(ChallengeVersion, version_id)
    try:
        with Heartbeat(ChallengeVersion, version_id,
                       ChallengeVersion.prepare_status == Status.RUNNING):
            prepare_version(version, sandbox)
    except (PrepareError, OutOfTime) as exc:
        log.info("version %s cannot be prepared: %s", version_id, exc)
    except Exception as exc:  # noqa: BLE001 - the platform's fault: say so, never stay running
        log.exception("preparing version %s failed", version_id)
        db.session.rollback()
        record_failure(version, f"the platform failed to prepare this version "
                                f"({type(exc).__name__}); a new submission tries again")
    version.lease_expires_at = None
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
