"""Schemathesis against the API's own document, as every role: whatever it sends, no request
answers 500 and every answer is one the document describes (status, content type, schema)."""

from __future__ import annotations

import tempfile

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from arena import create_app

ROLES = ("anonymous", "student", "instructor", "admin")


def _document() -> dict:
    """The document an app serves (it needs no database to be written)."""
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATA_DIR": folder, "SECRET_KEY": "fuzz", "TESTING": True})
        with app.test_client() as client:
            return client.get("/api/v1/openapi.json").get_json()


@pytest.fixture
def tokens(make_token) -> dict[str, dict[str, str]]:
    """Each role's Authorization header (none for anonymous)."""
    return {role: {} if role == "anonymous" else {
        "Authorization": f"Bearer {make_token(f'fuzz-{role}', role)}"} for role in ROLES}


schema = schemathesis.openapi.from_dict(_document())


@schema.parametrize()
@settings(max_examples=12, derandomize=True, deadline=None,
          suppress_health_check=list(HealthCheck))
def test_no_request_breaks_the_api(case, app, catalog, tokens):
    """Each generated request is sent once as every role, to a fresh app with the catalog."""
    for role in ROLES:
        case.call_and_validate(app=app, headers={**(case.headers or {}), **tokens[role]}, checks=[
            not_a_server_error, status_code_conformance, content_type_conformance,
            response_schema_conformance])
