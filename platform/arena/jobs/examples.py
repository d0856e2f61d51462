"""A version's examples: its public cases and the reference's outputs on them, computed by the
authoring lane (arena.jobs.lane) before any version's whole preparation
(arena.jobs.preparation), so that a challenge's page shows its examples seconds after it is
published rather than once the lane has prepared every version before it (on a fresh start,
the whole catalog).

A job on its version's row (`examples_status`, ...), asked for with the version's
preparation; it does nothing once the preparation is stored, which holds the examples too. A
reference that fails leaves no examples: the preparation then says why.
"""

from __future__ import annotations

import logging

from sqlalchemy import select, update

from arena.extensions import db
from arena.jobs.lifecycle import JobKind
from arena.jobs.preparation import budget, prepared_data
from arena.models import ChallengeVersion
from arena.services.versions import version_spec
from graders.challenge.prepared import Prepared
from graders.grading.budget import OutOfTime
from graders.grading.prepare import PrepareError, prepare_examples
from graders.sandbox.base import Sandbox
from graders.verdicts import Status

log = logging.getLogger(__name__)


class Examples(JobKind):
    """A version's public cases, prepared ahead of the rest."""

    name, model, prefix = "examples", ChallengeVersion, "examples_"

    def run(self, job_id: int, sandbox: Sandbox) -> None:
        run_examples(job_id, sandbox)


EXAMPLES = Examples()


def request_examples(version_id: int) -> bool:
    """Queue a version's examples if nobody asked for them; tell whether this call did. The
    caller commits."""
    return db.session.execute(update(ChallengeVersion).where(
        ChallengeVersion.id == version_id, ChallengeVersion.examples_status.is_(None))
        .values(examples_status=Status.QUEUED)).rowcount == 1


def run_examples(version_id: int, sandbox: Sandbox) -> None:
    """Compute a claimed version's examples, unless its preparation is stored, and finish the
    job; never leave it running."""
    version = db.session.get(ChallengeVersion, version_id)
    attempt, outcome = version.examples_attempt, {}
    try:
        stored = db.session.scalar(select(ChallengeVersion.prepared.is_not(None))
                                   .where(ChallengeVersion.id == version_id))
        if not stored:  # asked, not decoded: a whole preparation may hold tens of MiB
            with EXAMPLES.heartbeat(version_id, attempt):
                outcome = {"examples": prepare_examples(version_spec(version), sandbox,
                                                        budget()).to_json()}
    except (PrepareError, OutOfTime) as exc:
        log.info("version %s has no examples: %s", version_id, exc)
    except Exception:  # noqa: BLE001 - the platform's fault: its preparation tries again
        log.exception("preparing the examples of version %s failed", version_id)
        db.session.rollback()
    EXAMPLES.finish(version_id, attempt, **outcome)
    db.session.commit()


def shown_examples(version: ChallengeVersion) -> Prepared | None:
    """Return the cases a version's page shows: its preparation once stored, else its
    examples once computed, else None."""
    prepared = prepared_data(version)
    if prepared is None and version.examples is not None:
        return Prepared.from_json(version.examples)
    return prepared
