"""Validating a challenge version in the background: queued, claimed once by the authoring
lane (arena.services.version_jobs), its progress stored step by step, and a folder's draft
published the moment it is proven valid.

All authored code runs in the sandbox (graders.authoring.validate); this module moves data.
"""

from __future__ import annotations

import logging
from typing import Any

from arena.extensions import db
from arena.models import ChallengeVersion
from arena.services.leases import Heartbeat
from arena.services.preparation import budget, record_failure
from arena.services.versions import publish, version_spec
from graders.authoring.validate import Validation, steps, validate
from graders.problems import Problem
from graders.sandbox.base import Sandbox

log = logging.getLogger(__name__)
QUEUED, RUNNING, DONE = "queued", "running", "done"


def _state(result: Validation | None, done: int, total: int, finished: bool) -> dict[str, Any]:
    """Return a validation's stored state (the API's `validation` body, less its status)."""
    return {"valid": (result.ok if result else False) if finished else None,
            "problems": [p.to_json() for p in result.problems] if result else [],
            "mutants": [m.to_json() for m in result.mutants] if result else [],
            "progress": {"done": done, "total": total}}


def request_validation(version: ChallengeVersion) -> None:
    """Queue a validation of `version`, forgetting any earlier one; the caller commits."""
    version.validation_status = QUEUED
    version.validation = _state(None, 0, steps(version_spec(version)), finished=False)


def run_validation(version_id: int, sandbox: Sandbox) -> ChallengeVersion:
    """Validate a claimed version within the app's budget, storing progress as it goes; never
    leave it running.

    The prepared cases are stored as soon as they are computed (submissions may wait for
    them), or the version's preparation fails with the validation's problem; a valid result
    publishes a folder's draft that waits for it.
    """
    version = db.session.get(ChallengeVersion, version_id)
    spec = version_spec(version)
    total = steps(spec)

    def progress(result: Validation, done: int) -> None:
        if result.prepared is not None and version.prepared is None:
            version.prepared, version.prepare_error = result.prepared.to_json(), None
        version.validation = _state(result, done, total, finished=False)
        db.session.commit()

    try:
        with Heartbeat(ChallengeVersion, version_id,
                       ChallengeVersion.validation_status == RUNNING):
            result = validate(spec, sandbox, progress, budget())
    except Exception as exc:  # noqa: BLE001 - the platform's fault: say so, never stay running
        log.exception("validating version %s failed", version_id)
        db.session.rollback()
        result = Validation(spec.slug, [Problem(f"the platform failed to validate this "
                                                f"version ({type(exc).__name__}); try again")])
    else:
        if result.prepared is None and version.prepared is None:
            record_failure(version, "; ".join(p.message for p in result.problems))
    version.validation = _state(result, total, total, finished=True)
    version.validation_status, version.lease_expires_at = DONE, None
    challenge = version.challenge
    if result.ok and version.publish_when_valid and challenge.draft_version_id == version.id:
        publish(challenge, version)
    db.session.commit()
    return version


def validation_body(version: ChallengeVersion) -> dict[str, Any]:
    """Return the API's view of a version's latest validation (queued reads as running)."""
    return {"version": version.number,
            "status": DONE if version.validation_status == DONE else RUNNING,
            **version.validation}
