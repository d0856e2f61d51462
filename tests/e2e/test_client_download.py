"""Another machine with only Python: the client downloaded from the server's /client/arena.pyz
(the /account page says how) reads a challenge, pulls its starter and submits, run by an
interpreter that sees no site-packages (-I -S), so nothing installed here helps it."""

from __future__ import annotations

import subprocess
import sys
import urllib.request
import zipfile
from pathlib import Path

import pytest

# The command line's own behaviour, whatever database the server keeps (make test-postgres
# leaves it out).
pytestmark = [pytest.mark.sandbox, pytest.mark.any_database]

SOFTMAX = ("import math\n\n\ndef softmax(row):\n    top = max(row)\n"
           "    e = [math.exp(x - top) for x in row]\n    return [v / sum(e) for v in e]\n")


def run(client: Path, folder: Path, env: dict, *args: str) -> subprocess.CompletedProcess:
    """Run the downloaded client as `python3 -I -S arena.pyz ...` in `folder`."""
    return subprocess.run([sys.executable, "-I", "-S", str(client), *args], cwd=folder,
                          env=env, capture_output=True, text=True, timeout=300)


def test_the_downloaded_client_shows_pulls_and_submits(ready_server, tmp_path):
    server = ready_server
    server.start()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    client = elsewhere / "arena.pyz"
    with urllib.request.urlopen(f"{server.url}/client/arena.pyz", timeout=30) as answer:
        assert answer.headers["Content-Type"] == "application/zip"
        client.write_bytes(answer.read())
    with zipfile.ZipFile(client) as archive:
        names = set(archive.namelist())
    assert {"__main__.py", "arena/client.py", "arena/commands/submit.py",
            "click/LICENSE.txt"} <= names
    assert not any(name.startswith(("flask", "sqlalchemy", "arena/web")) for name in names)
    # Only what a learner's terminal holds: the server's address, a token, a PATH.
    env = {"ARENA_URL": server.url, "ARENA_TOKEN": server.token(), "PATH": "/usr/bin:/bin",
           "LANG": "C.UTF-8"}

    shown = run(client, elsewhere, env, "show", "softmax")
    assert shown.returncode == 0, shown.stderr
    assert "softmax" in shown.stdout.lower()

    pulled = run(client, elsewhere, env, "pull", "softmax")
    assert pulled.returncode == 0, pulled.stderr
    assert "def softmax" in (elsewhere / "softmax.py").read_text(encoding="utf-8")

    (elsewhere / "softmax.py").write_text(SOFTMAX, encoding="utf-8")
    submitted = run(client, elsewhere, env, "submit", "softmax", "softmax.py")
    assert submitted.returncode == 0, submitted.stdout + submitted.stderr
    assert submitted.stdout.strip().splitlines()[-1].startswith("verdict: accepted")

    refused = run(client, elsewhere, {**env, "ARENA_TOKEN": "not-a-token"},
                  "submit", "softmax", "softmax.py")
    assert refused.returncode == 1 and "401" in refused.stderr

