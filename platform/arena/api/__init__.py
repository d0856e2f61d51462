"""The JSON API under /api/v1: one blueprint made of small per-area blueprints."""

from __future__ import annotations

from apiflask import APIBlueprint, APIFlask

from arena.api import (
    authoring,
    challenges,
    courses,
    drafts,
    editorials,
    errors,
    health,
    idempotency,
    insights,
    lessons,
    lti,
    regrades,
    review,
    runs,
    submissions,
    users,
)
from arena.extensions import csrf

API_PREFIX = "/api/v1"


def init_app(app: APIFlask) -> None:
    """Register the API's blueprints and its one error shape."""
    api = APIBlueprint("api", __name__, url_prefix=API_PREFIX)
    api.before_request(errors.require_utf8_body)
    # Not checked by default: the API's authentication asks for the CSRF token exactly when
    # the browser's session, not a bearer token, authenticates an unsafe request.
    csrf.exempt(api)
    for area in (health, challenges, submissions, runs, authoring, courses, regrades,
                 users, editorials, lessons, review, drafts, insights, lti):
        csrf.exempt(area.bp)
        api.register_blueprint(area.bp)
    app.register_blueprint(api)
    app.spec_processor(lambda spec: idempotency.document_header(errors.document_bad_bodies(
        authoring.document_archive_upload(spec))))
    errors.init_app(app)
