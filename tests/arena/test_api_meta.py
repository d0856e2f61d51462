"""Health and the OpenAPI document."""

import pytest

from arena.jobs.sandbox import get_sandbox

EXPECTED_PATHS = {
    "/api/v1/health": {"get"},
    "/api/v1/health/live": {"get"},
    "/api/v1/health/ready": {"get"},
    "/api/v1/challenges": {"get", "post"},
    "/api/v1/challenges/{slug}": {"get", "put"},
    "/api/v1/challenges/{slug}/files": {"get"},
    "/api/v1/challenges/{slug}/draft": {"get", "put"},
    "/api/v1/challenges/{slug}/validate": {"post"},
    "/api/v1/challenges/{slug}/validation": {"get"},
    "/api/v1/challenges/{slug}/publish": {"post"},
    "/api/v1/challenges/{slug}/versions": {"get"},
    "/api/v1/challenges/{slug}/export": {"get"},
    "/api/v1/challenges/{slug}/editorial": {"get"},
    "/api/v1/courses": {"get", "post"},
    "/api/v1/challenges/{slug}/regrade": {"post"},
    "/api/v1/regrades/{regrade_id}": {"get"},
    "/api/v1/users": {"get", "post"},
    "/api/v1/users/{username}/role": {"put"},
    "/api/v1/users/{username}/deactivate": {"post"},
    "/api/v1/users/{username}/reactivate": {"post"},
    "/api/v1/users/{username}/password-reset": {"post"},
    "/api/v1/courses/join": {"post"},
    "/api/v1/courses/{course_id}": {"get", "delete"},
    "/api/v1/courses/{course_id}/archive": {"post"},
    "/api/v1/courses/{course_id}/unarchive": {"post"},
    "/api/v1/courses/{course_id}/insights": {"get"},
    "/api/v1/courses/{course_id}/members": {"get"},
    "/api/v1/courses/{course_id}/instructors": {"post"},
    "/api/v1/courses/{course_id}/members/{username}": {"delete", "patch"},
    "/api/v1/courses/{course_id}/assignments": {"get", "post"},
    "/api/v1/courses/{course_id}/assignments/{assignment_id}": {"put", "delete"},
    "/api/v1/courses/{course_id}/assignments/{assignment_id}/similarity": {"get"},
    "/api/v1/courses/{course_id}/gradebook": {"get"},
    "/api/v1/courses/{course_id}/gradebook.csv": {"get"},
    "/api/v1/courses/{course_id}/lti/scores": {"get"},
    "/api/v1/courses/{course_id}/lti/roster": {"post"},
    "/api/v1/challenges/{slug}/submissions": {"post"},
    "/api/v1/challenges/{slug}/runs": {"post"},
    "/api/v1/submissions": {"get"},
    "/api/v1/submissions/{submission_id}": {"get"},
    "/api/v1/submissions/{submission_id}/events": {"get"},
    "/api/v1/lessons": {"get"},
    "/api/v1/lessons/{slug}": {"get"},
    "/api/v1/lessons/{slug}/cells/{cell_id}/runs": {"post"},
    "/api/v1/cell-runs/{token}": {"get"},
    "/api/v1/submissions/{submission_id}/review": {"post"},
}


def test_health_needs_no_token(app, client):
    response = client.get("/api/v1/health")
    assert response.status_code == 200
    backend = get_sandbox(app).name  # docker where an engine answers, else process
    assert response.get_json() == {"status": "ok", "sandbox": backend, "queue": "embedded"}


def test_health_reports_a_missing_sandbox(app, client):
    app.config["SANDBOX"] = "no-such-backend"
    response = client.get("/api/v1/health")
    assert response.status_code == 503 and response.get_json()["status"] == "unavailable"


@pytest.mark.parametrize("app_config", [{
    "QUEUE": "distributed", "REDIS_URL": "redis://127.0.0.1:9/0", "SANDBOX": "docker"}])
def test_health_under_the_distributed_queue_touches_no_sandbox(app, client):
    """A web replica may reach no Docker engine (it must not need one): health reports the
    queue, and neither selects a sandbox nor starts a warm container or builds an image."""
    response = client.get("/api/v1/health")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok", "sandbox": None, "queue": "distributed"}
    assert "arena.sandbox" not in app.extensions


def test_openapi_document_lists_every_endpoint(client):
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    spec = response.get_json()
    assert spec["openapi"].startswith("3.")
    assert {path: set(ops) for path, ops in spec["paths"].items()} == EXPECTED_PATHS
    schemes = spec["components"]["securitySchemes"]
    assert any(s.get("scheme") == "bearer" for s in schemes.values())
    submit = spec["paths"]["/api/v1/challenges/{slug}/submissions"]["post"]
    assert "202" in submit["responses"] and submit["security"]
    assert {} in spec["paths"]["/api/v1/challenges"]["get"]["security"]  # a token is optional
    body = submit["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    code_in = spec["components"]["schemas"][body.rsplit("/", 1)[1]]
    assert code_in["required"] == ["code"] and code_in["properties"]["code"]["type"] == "string"
