"""Liveness: is the app up, and which sandbox and queue does it use."""

from __future__ import annotations

from apiflask import APIBlueprint, Schema, fields
from flask import current_app

from arena.api.errors import error_responses
from arena.jobs.sandbox import get_sandbox

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
