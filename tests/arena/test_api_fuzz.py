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


# Explicit cases past the bounds, which a generator keeping to the document never sends: for
# every number and instant that a query or a JSON body carries, found in the document.
ROLES_WITH_TOKENS = ROLES[1:]
#: Instants past arena.bounds.INSTANTS: the red team's 500s (year 1 at +14:00 and 9999 at
#: -14:00, whose offsets cannot be taken away) and the first instants either side.
PAST_INSTANTS = ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00",
                 "1969-12-31T23:59:59Z", "3000-01-01T00:00:00Z"]
EXAMPLE_INSTANT = "2026-12-01T09:00:00+09:00"


def _resolved(document: dict, schema: dict) -> dict:
    """Follow a schema's $ref in the document's components."""
    while "$ref" in schema:
        schema = document["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema


def _inputs(document: dict) -> list[tuple[str, str, str, str, dict]]:
    """Every query parameter and JSON body property of the document, as (path, method,
    location, name, schema)."""
    found = []
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            found += [(path, method, "query", p["name"],
                       {**p["schema"], "description": p.get("description", "")})
                      for p in operation.get("parameters", []) if p["in"] == "query"]
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            properties = _resolved(document, body["schema"]).get("properties", {}) if body else {}
            found += [(path, method, "body", name, _resolved(document, field))
                      for name, field in properties.items()]
    return found


def _bounded(field: dict) -> bool:
    """Tell whether a field is a number or an instant (the fields that bounds must keep)."""
    return field.get("type") in ("integer", "number") or field.get("format") == "date-time"


def _past(field: dict) -> list:
    """Values just past a field's bounds, and far past them."""
    if field.get("format") == "date-time":
        return PAST_INSTANTS
    return [field["minimum"] - 1, field["maximum"] + 1, 2**63, 10**20]


def _example(field: dict):
    """A value of a field's type, within its bounds."""
    if field.get("format") == "date-time":
        return EXAMPLE_INSTANT
    return {"integer": field.get("minimum", 1), "number": field.get("minimum", 1.0),
            "array": ["x"], "boolean": True, "object": {}}.get(field.get("type"), "x")


DOCUMENT = _document()
BOUNDED = [entry for entry in _inputs(DOCUMENT) if _bounded(entry[4])]


def test_every_number_and_instant_the_api_reads_declares_its_bounds():
    assert len(BOUNDED) >= 10  # the submission list's, the assignments', publish, regrade...
    for path, method, _location, name, field in BOUNDED:
        if field.get("format") == "date-time":
            assert "from 1970-01-01 to 2999-12-31 (UTC)" in field.get("description", ""), (
                method, path, name)
        else:
            assert {"minimum", "maximum"} <= set(field), (method, path, name)


@pytest.mark.parametrize(("path", "method", "location", "name", "field"), BOUNDED,
                         ids=[f"{m} {p} {n}" for p, m, _, n, _ in BOUNDED])
def test_a_number_or_an_instant_past_its_bounds_answers_422(app, tokens, path, method,
                                                            location, name, field):
    """As every role: 422 naming the field (401 without a token), the API's error shape."""
    operation = schema[path][method.upper()]
    body_schema = (DOCUMENT["paths"][path][method].get("requestBody", {}).get("content", {})
                   .get("application/json"))
    required = _resolved(DOCUMENT, body_schema["schema"]) if body_schema else {}
    body = {key: _example(_resolved(DOCUMENT, required["properties"][key]))
            for key in required.get("required", [])}
    params = {p["name"]: "softmax" if p["schema"].get("type") == "string" else 1
              for p in DOCUMENT["paths"][path][method].get("parameters", [])
              if p["in"] == "path"}
    for value in _past(field):
        sent = {name: value}
        case = operation.Case(path_parameters=params, query=sent if location == "query" else {},
                              **({"body": {**body, **sent}} if location == "body" else {}))
        for role in ROLES:
            response = case.call_and_validate(app=app, headers=tokens[role], checks=[
                not_a_server_error, status_code_conformance, content_type_conformance,
                response_schema_conformance])
            if role in ROLES_WITH_TOKENS:
                assert response.status_code == 422, (role, value, response.text)
                assert f"{name}: " in response.json()["error"]["message"], (role, value)
