"""Validating a challenge version in the background: queued, claimed once by the authoring
lane (arena.jobs.lane), its progress stored step by step, and a folder's draft published the
moment it is proven valid. A validation is a job on its version's row (`validation_status`,
`validation_attempt`, ...); its result is the version's `validation`.

All authored code runs in the sandbox (graders.authoring.validate); this module moves data.
"""

from __future__ import annotations

import logging
from typing import Any

from sqlalchemy import ColumnElement

from arena.extensions import db
from arena.jobs.lifecycle import JobKind, idle
from arena.jobs.preparation import budget, record_failure
from arena.models import ChallengeVersion
from arena.services.lane_requests import validation_state
from arena.services.versions import publish, version_spec
from graders.authoring.validate import Validation, steps, validate
from graders.files.glossary import glossary_problems, load_glossary
from graders.problems import Problem
from graders.sandbox.base import Sandbox
from graders.verdicts import Status

log = logging.getLogger(__name__)
GAVE_UP = "validating this version was interrupted too many times; the platform gave up"


class Validations(JobKind):
    """A version's validation: it waits while the version's preparation runs; giving up ends
    it invalid, saying why."""

    name, model, prefix = "validate", ChallengeVersion, "validation_"

    def may_start(self) -> list[ColumnElement[bool]]:
        return [idle(ChallengeVersion.prepare_status)]

    def gave_up(self) -> dict[str, object]:
        return {"validation": {**validation_state(None, 0, 0, finished=True),
                               "problems": [Problem(GAVE_UP).to_json()]}}

    def verdict(self, values: dict[str, object]) -> str:
        if "validation" not in values:
            return super().verdict(values)
        return "valid" if values["validation"]["valid"] else "invalid"

    def run(self, job_id: int, sandbox: Sandbox) -> None:
        run_validation(job_id, sandbox)


VALIDATIONS = Validations()


def run_validation(version_id: int, sandbox: Sandbox) -> ChallengeVersion:
    """Validate a claimed version within the app's budget, storing progress as it goes; never
    leave it running.

    The prepared cases are stored as soon as they are computed (submissions may wait for
    them), or the version's preparation fails with the validation's problem; a valid result
    publishes a folder's draft that waits for it.
    """
    version = db.session.get(ChallengeVersion, version_id)
    attempt, spec = version.validation_attempt, version_spec(version)
    total = steps(spec)

    def progress(result: Validation, done: int) -> None:
        if result.prepared is not None and version.prepared is None:
            version.prepared, version.prepare_error = result.prepared.to_json(), None
        version.validation = validation_state(result, done, total, finished=False)
        db.session.commit()

    try:
        with VALIDATIONS.heartbeat(version_id, attempt):
            result = validate(spec, sandbox, progress, budget())
    except Exception as exc:  # noqa: BLE001 - the platform's fault: say so, never stay running
        log.exception("validating version %s failed", version_id)
        db.session.rollback()
        result = Validation(spec.slug, [Problem(f"the platform failed to validate this "
                                                f"version ({type(exc).__name__}); try again")])
    else:
        if result.prepared is None and version.prepared is None:
            record_failure(version, "; ".join(p.message for p in result.problems))
        result.problems += glossary_problems(version.files or {}, load_glossary())
    finished = VALIDATIONS.finish(version_id, attempt,
                                  validation=validation_state(result, total, total, finished=True))
    db.session.expire(version)  # read again what the finish wrote, in its transaction
    challenge = version.challenge
    if (finished and result.ok and version.publish_when_valid
            and challenge.draft_version_id == version.id):
        publish(challenge, version)
    db.session.commit()
    return version


def validation_body(version: ChallengeVersion) -> dict[str, Any]:
    """Return the API's view of a version's latest validation (queued reads as running)."""
    return {"version": version.number,
            "status": Status.DONE if version.validation_status == Status.DONE
            else Status.RUNNING,
            **version.validation}
