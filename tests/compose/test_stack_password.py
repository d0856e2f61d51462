"""The team server's configuration, for real (issue 30): a database password holding `@`, `/`
and `:` works and is never printed, a setting named only in the environment reaches the web
tier, and a password changed over an existing volume stops `migrate` with one line that says
so and how to change it. Runs as tests/compose/test_compose.py does (marker `compose`)."""

from __future__ import annotations

import secrets

import pytest
import requests

from tests.compose.stack import CORRECT, FILES, SLUG, Stack, run

pytestmark = pytest.mark.timeout(1500)


def test_any_database_password_and_a_changed_one_said_in_one_line(stack: Stack) -> None:
    password = f"p@ss/w:rd?#%41-{secrets.token_hex(8)}"
    stack.env["ARENA_DB_PASSWORD"] = password
    stack.env["ARENA_MAX_PENDING_PER_USER"] = "1"  # passed through from .env or the shell
    stack.build()
    stack.up("--scale", "worker=0")  # no worker: a submission stays pending
    migrated = stack.compose("logs", "--no-color", "migrate")
    assert "database at the newest revision" in migrated or "arena:***@" in migrated, migrated
    assert password not in migrated and "w:rd" not in migrated

    token = stack.user("ann")
    stack.submit(token, CORRECT)
    refused = requests.post(f"{stack.url}/api/v1/challenges/{SLUG}/submissions",
                            json={"code": CORRECT}, timeout=30,
                            headers={"Authorization": f"Bearer {token}"})
    assert refused.status_code == 429, refused.text
    assert refused.json()["error"]["code"] == "too_many_pending"

    # A new password in .env, the volume made with the old one: `migrate` says why it stopped.
    changed = f"changed-{secrets.token_hex(8)}"
    stack.env["ARENA_DB_PASSWORD"] = changed
    result = run([*stack.program, "-p", stack.project, *FILES, "up", "-d", "--scale",
                  "worker=0"], timeout=600, check=False, env=stack.env)
    assert result.returncode != 0, result.stdout + result.stderr
    logs = stack.compose("logs", "--no-color", "migrate")
    said = [line for line in logs.splitlines() if "Error:" in line]
    assert len(said) == 1, logs
    assert "PostgreSQL at postgres:5432 refused the password" in said[0], logs
    assert "ALTER USER arena" in said[0] and "postgres-data volume" in said[0]
    assert "Traceback" not in logs and changed not in logs and password not in logs
