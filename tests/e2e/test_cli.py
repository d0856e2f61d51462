"""The newcomer's path: create a user and a token, submit with `arena submit`, read the table."""

import os
import re
import shutil
import socket
import subprocess
from pathlib import Path

import pytest
import requests

from bench.live_server import wait_until

# The command line's own behaviour, whatever database the server keeps (make test-postgres
# leaves it out).
pytestmark = [pytest.mark.sandbox, pytest.mark.any_database]

LESSON = '''import math

def attention(Q, K, V):
    d = len(K[0])
    out = []
    for q in Q:
        scores = [sum(a * b for a, b in zip(q, k)) / math.sqrt(d) for k in K]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        weights = [e / sum(exps) for e in exps]
        out.append([sum(w * v[c] for w, v in zip(weights, V)) for c in range(len(V[0]))])
    return out
'''


@pytest.fixture
def started(ready_server):
    server = ready_server
    server.start()
    server.env["ARENA_TOKEN"] = server.token()
    return server


def write(tmp_path: Path, code: str) -> str:
    path = tmp_path / "solution.py"
    path.write_text(code, encoding="utf-8")
    return str(path)


def test_the_lessons_code_is_accepted(started, tmp_path):
    done = started.cli("submit", "scaled-dot-product-attention", write(tmp_path, LESSON))
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines[-1].startswith("verdict: accepted")
    assert any(line.startswith("PASS  public  lesson example") for line in lines)
    assert any(line.startswith("PASS  hidden") for line in lines)


def test_forgetting_the_scaling_is_rejected_and_named(started, tmp_path):
    code = LESSON.replace(" / math.sqrt(d)", "")
    done = started.cli("submit", "scaled-dot-product-attention", write(tmp_path, code))
    assert done.returncode == 1
    assert done.stdout.strip().splitlines()[-1].startswith("verdict: wrong_answer")
    assert "sqrt" in done.stdout and "-> " in done.stdout


def test_a_run_shows_the_public_examples_only_and_records_nothing(started, tmp_path):
    done = started.cli("submit", "scaled-dot-product-attention", write(tmp_path, LESSON), "--run")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "  hidden  " not in done.stdout and "verdict" not in done.stdout
    assert "Public examples pass: submit for the hidden tests" in done.stdout


def test_a_syntax_error_is_a_compilation_error(started, tmp_path):
    done = started.cli("submit", "softmax", write(tmp_path, "def softmax(row):\n    return (\n"))
    assert done.returncode == 1
    assert "verdict: compilation_error" in done.stdout and "line 2" in done.stdout


def test_submit_explains_a_bad_token_and_an_unknown_challenge(started, tmp_path):
    started.env["ARENA_TOKEN"] = "not-a-token"
    done = started.cli("submit", "softmax", write(tmp_path, LESSON))
    assert done.returncode == 1 and "401" in done.stderr
    started.env["ARENA_TOKEN"] = started.token("kim")
    done = started.cli("submit", "no-such-challenge", write(tmp_path, LESSON))
    assert done.returncode == 1 and "404" in done.stderr


def test_submit_without_a_server_says_so(server, tmp_path):
    done = server.cli("submit", "softmax", write(tmp_path, LESSON))
    assert done.returncode == 1 and "cannot reach" in done.stderr


ROOT = Path(__file__).resolve().parents[2]


def test_the_readmes_walkthrough_runs_and_writes_nothing_into_the_repository(server, tmp_path):
    server.start()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    walkthrough = re.search(r"## Submit from the command line.*?```sh\n(.*?)```", readme,
                            re.S).group(1)
    status = ["git", "status", "--porcelain", "--untracked-files=all"]
    before = subprocess.run(status, cwd=ROOT, capture_output=True, text=True).stdout
    done = subprocess.run(["bash", "-c", walkthrough], cwd=ROOT,
                          env={**server.env, "TMPDIR": str(tmp_path)},  # mktemp's folder
                          capture_output=True, text=True, timeout=600)
    verdicts = re.findall(r"^verdict: (\w+)", done.stdout, re.M)
    assert verdicts == ["accepted", "wrong_answer"], done.stdout + done.stderr
    assert "scaling" in done.stdout and "public examples fail (wrong_answer)" in done.stdout
    assert subprocess.run(status, cwd=ROOT, capture_output=True, text=True).stdout == before


def test_a_taken_port_is_one_clear_line(server):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", server.port))
        taken.listen()
        done = server.cli("serve", "--port", str(server.port))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and f":{server.port}" in done.stderr


def test_the_admin_commands(server):
    assert "database at the newest revision" in server.cli("db", "upgrade").stdout
    synced = server.cli("challenges", "sync").stdout.split()
    assert "softmax" in synced and "causal-attention" in synced
    listed = server.cli("challenges", "list").stdout
    assert "scaled-dot-product-attention" in listed and "foundations" in listed
    assert server.cli("users", "create", "ann", "--role", "teacher").returncode == 2
    created = server.cli("users", "create", "ann", "--role", "instructor", "--password-stdin",
                         stdin="s3cret pass\n")
    assert created.returncode == 0
    assert server.cli("users", "create", "ann").returncode == 1
    assert server.cli("tokens", "create", "nobody-here").returncode == 1


CHALLENGES = Path(__file__).resolve().parents[2] / "challenges"
FOLDERS = sorted(p.name for p in CHALLENGES.iterdir() if (p / "challenge.toml").exists())


def test_validate_proves_the_challenges_and_catches_a_weak_one(server, tmp_path):
    # Two folders here: `make validate` proves every one of them on each CI run.
    some = tmp_path / "some"  # a copy: validating rewrites the folder's validated.toml
    for slug in ("softmax", "causal-attention"):
        shutil.copytree(CHALLENGES / slug, some / slug)
    server.env["ARENA_CHALLENGES_DIR"] = str(some)
    done = server.cli("challenges", "validate")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("ok  ") == 2
    lines = done.stdout.splitlines()
    assert "mutants killed" in lines[0] and "checked" in lines[0]
    assert lines[-1].strip().startswith("2 challenges") and "all passed" in lines[-1]
    assert (some / "validated.toml").exists()
    broken = tmp_path / "challenges"
    source = CHALLENGES / "softmax"
    shutil.copytree(source, broken / "softmax")
    reference = (broken / "softmax" / "reference.py").read_text()
    (broken / "softmax" / "mutants" / "no_normalisation.py").write_text(reference)
    server.env["ARENA_CHALLENGES_DIR"] = str(broken)
    done = server.cli("challenges", "validate", "softmax")
    assert done.returncode == 1
    # line 21: where cases() starts, the cases to add to
    assert ("- cases.py: line 21: mutant no_normalisation passes every hidden case: add a case "
            "that catches it") in done.stdout
    assert any(line.startswith("FAIL softmax") for line in done.stdout.splitlines())


def test_a_folder_that_does_not_load_fails_alone(server, tmp_path):
    root = tmp_path / "challenges"
    shutil.copytree(CHALLENGES / "softmax", root / "softmax")
    (root / "half-written").mkdir()
    (root / "half-written" / "challenge.toml").write_text('slug = "half-written"\n')
    server.env["ARENA_CHALLENGES_DIR"] = str(root)
    done = server.cli("challenges", "validate")
    assert done.returncode == 1
    assert "ok   softmax" in done.stdout and "FAIL half-written" in done.stdout


def test_the_catalog_lists_every_challenge_folder(server, tmp_path):
    done = server.cli("challenges", "catalog")
    assert done.returncode == 0, done.stderr
    rows = [line for line in done.stdout.splitlines() if line.startswith("| ")]
    assert sorted(row.split("`")[1] for row in rows if "`" in row) == FOLDERS
    written = tmp_path / "catalog.md"
    assert server.cli("challenges", "catalog", "-o", str(written)).returncode == 0
    assert written.read_text(encoding="utf-8") == done.stdout


def test_stopping_the_server_leaves_no_sandbox_container(started):
    """SIGTERM drains the warm pool (only where the Docker backend is in use)."""
    backend = requests.get(f"{started.url}/api/v1/health", timeout=10).json()["sandbox"]
    if backend != "docker":
        assert os.environ.get("ARENA_REQUIRE_DOCKER") != "1", "CI must serve with Docker"
        pytest.skip("the process backend keeps no containers")
    pid = started.process.pid
    started.stop()

    def left():
        owners = subprocess.run(
            ["docker", "ps", "-a", "--filter", "label=arena.sandbox", "--format",
             '{{.Label "arena.owner"}}'], capture_output=True, text=True, timeout=60).stdout
        return [owner for owner in owners.split() if f":{pid}:" in owner]

    wait_until(lambda: left() == [], 30, "the server's containers removed", every=0.5)
