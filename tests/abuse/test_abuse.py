"""The abuse suite: hostile submissions through the real engine, on every sandbox backend.

Each file in submissions/ is graded against the `softmax` challenge and must get the verdict
its header names (see abuse_harness.py). The attacks are built so that an attack that works
changes the verdict. Then the app's own limits on what a submission may be, and at the end
the state of the host: no container or process of a box left, /tmp and the disk as before,
and a correct submission still accepted.
"""

from __future__ import annotations

import dataclasses
import fnmatch
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from abuse_harness import (
    BACKENDS,
    BOX_UIDS,
    KEYS,
    LINGER_NAME,
    NEEDS,
    PWNED_GLOB,
    REPO,
    VERDICTS,
    Engine,
    Engines,
    HostState,
    Submission,
    allocated_bytes,
    box_uid,
    docker_required,
    load_submissions,
    namespaces_required,
    processes_named,
    processes_of_uid,
    unavailable,
)

from arena.jobs.queue import get_queue
from arena.jobs.sandbox import close_sandbox
from graders.grading.grade import grade
from graders.verdicts import Verdict

pytestmark = [pytest.mark.sandbox, pytest.mark.abuse]

ALL = load_submissions()
BY_NAME = {s.path.name: s for s in ALL}
DISK_SLACK = 50 * 1024 * 1024
CORRECT = (REPO / "challenges" / "softmax" / "reference.py").read_text(encoding="utf-8")
SECURITY_DOC = REPO / "docs" / "security.md"


def grade_timed(engine: Engine, submission: Submission):
    """Grade a submission on an engine with its header's time limit; return (report, seconds)."""
    spec = engine.spec
    limit = submission.number("time-limit")
    if limit is not None:
        spec = dataclasses.replace(spec, time_limit=limit)
    started = time.monotonic()
    report = grade(spec, engine.prepared, submission.code, engine.sandbox)
    return report, time.monotonic() - started


def describe(report) -> str:
    """Say what a report holds, for a failing assertion (public tests show their output)."""
    failing = next((t for t in report.tests if not t.passed), None)
    detail = "" if failing is None else (
        f"; first failing test {failing.name!r}: {failing.message!r} "
        f"(error_type={failing.error_type}, got={str(failing.got)[:120]})")
    return f"verdict {report.verdict} ({report.message!r}), {report.passed}/{report.total}{detail}"


def wait_for(check, seconds: float):
    """Call `check` until it returns something empty or the time is up; return its last value."""
    deadline = time.monotonic() + seconds
    value = check()
    while value and time.monotonic() < deadline:
        time.sleep(0.2)
        value = check()
    return value


def pwned_files() -> list[Path]:
    """Return files that a payload would create on the host if the host ever ran it."""
    return sorted({*Path("/tmp").glob(PWNED_GLOB), *Path(tempfile.gettempdir()).glob(PWNED_GLOB)})


def cases():
    for backend in BACKENDS:
        for submission in ALL:
            hole = submission.xfail(backend)
            marks = [pytest.mark.xfail(strict=True, reason=hole)] if hole else []
            yield pytest.param(backend, submission, id=f"{backend}-{submission.name}",
                               marks=marks)


# --- the submissions' headers -----------------------------------------------------------------


def test_there_are_at_least_thirty_hostile_submissions():
    assert len(ALL) >= 30


@pytest.mark.parametrize("submission", ALL, ids=lambda s: s.name)
def test_the_header_says_what_to_expect_and_why(submission: Submission):
    header = submission.header
    assert set(header) <= KEYS, f"unknown header keys {set(header) - KEYS}"
    assert header.get("expect") in VERDICTS
    assert header.get("why"), "say what the attack is and what defence the verdict proves"
    for backend in BACKENDS:
        assert submission.expected(backend) in VERDICTS
    assert header.get("needs", "memory-per-box") in NEEDS
    assert ("process" in header) == ("process-why" in header), \
        "a verdict of its own on the process backend needs its reason (process-why)"
    assert re.search(r"^def softmax\(row\):", submission.code, re.MULTILINE)
    if "before" in header:
        assert header["before"] in BY_NAME
    if "process" in header or "xfail-process" in header or "xfail-docker" in header:
        assert submission.path.name in SECURITY_DOC.read_text(encoding="utf-8"), \
            "docs/security.md must list every case a backend cannot hold"


# --- hostile submissions, graded ------------------------------------------------------------


@pytest.mark.parametrize(("backend", "submission"), list(cases()))
def test_a_hostile_submission_gets_the_verdict_that_proves_the_defence(
        engines: Engines, abuse_host: HostState, backend: str, submission: Submission):
    engine = engines.get(backend)
    need = submission.unmet_need(engine.sandbox)
    if need:
        unavailable(f"the {backend} backend here does not meet {need} (docs/security.md)",
                    namespaces_required() if backend == "process" else docker_required())
    before = submission.header.get("before")
    if before:
        first, _ = grade_timed(engine, BY_NAME[before])
        assert first.verdict == BY_NAME[before].expected(backend), describe(first)
    report, seconds = grade_timed(engine, submission)
    try:
        assert report.verdict == submission.expected(backend), describe(report)
        json.dumps(report.to_json())  # the report stays plain data, whatever was printed
        limit = submission.number("max-seconds")
        if limit is not None:
            assert seconds < limit, f"grading took {seconds:.1f} s (at most {limit} s)"
    finally:
        pwned = pwned_files()
        for path in pwned:
            path.unlink(missing_ok=True)
        assert not pwned, f"a payload ran on the host: {pwned}"
        lingering = wait_for(lambda: processes_named(LINGER_NAME), 5.0)
        assert not lingering, f"processes of the box outlived it: {lingering}"


# --- what a submission may be: the app's limits ---------------------------------------------


SOLUTION = BY_NAME["unprintable_output.py"].code


@pytest.mark.parametrize("endpoint", ["submissions", "runs"])
def test_a_source_over_64_kib_is_refused_with_413(client, catalog, auth_headers, endpoint):
    url = f"/api/v1/challenges/softmax/{endpoint}"
    huge = SOLUTION + "#" * (64 * 1024)
    response = client.post(url, json={"code": huge}, headers=auth_headers)
    assert response.status_code == 413
    assert response.get_json()["error"]["code"] == "payload_too_large"
    multi_megabyte = SOLUTION + "# " + "x" * (3 * 1024 * 1024)
    response = client.post(url, json={"code": multi_megabyte}, headers=auth_headers)
    assert response.status_code == 413


@pytest.mark.parametrize("endpoint", ["submissions", "runs"])
def test_nul_bytes_in_the_source_are_refused_with_422(client, catalog, auth_headers, endpoint):
    url = f"/api/v1/challenges/softmax/{endpoint}"
    response = client.post(url, json={"code": SOLUTION + "\x00\n"}, headers=auth_headers)
    assert response.status_code == 422
    assert response.get_json()["error"]["code"] == "unprocessable"


@pytest.mark.parametrize("body", [
    b'{"code": "def softmax(row):\\n    return row  # \xff\xfe\xc3\x28\\n"}',
    b'{"code": "def softmax(row):\\n    return row  # \\ud800\\n"}',
    b'{"code": "# -*- coding: latin-1 -*-\\n\xe9 = 1\\n"}',
], ids=["invalid-utf8", "lone-surrogate", "latin1-bytes"])
@pytest.mark.parametrize("endpoint", ["submissions", "runs"])
def test_undecodable_source_is_refused_with_422(client, catalog, auth_headers, endpoint, body):
    response = client.post(f"/api/v1/challenges/softmax/{endpoint}", data=body,
                           headers={**auth_headers, "Content-Type": "application/json"})
    assert response.status_code == 422
    assert response.get_json()["error"]["code"] == "unprocessable"


def _wait_done(client, headers, url: str) -> dict:
    deadline = time.monotonic() + 90
    while True:
        response = client.get(url, headers=headers)
        assert response.status_code == 200
        shown = response.get_json()
        if shown["status"] == "done" or time.monotonic() > deadline:
            return shown
        time.sleep(0.1)


def _assert_clean_text(value, where="response") -> None:
    """Every string is storable and showable text: no NUL, no lone surrogate."""
    if isinstance(value, str):
        assert "\x00" not in value, f"a NUL in {where}"
        value.encode("utf-8")  # raises on a lone surrogate
    elif isinstance(value, dict):
        for key, item in value.items():
            _assert_clean_text(item, f"{where}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _assert_clean_text(item, f"{where}[{index}]")


@pytest.fixture
def app_on_backend(app, engines: Engines, backend: str, request):
    """Return the app grading on `backend` with its queue running; drain its sandbox after."""
    engines.get(backend)  # skips (or fails) like the rest of the tier when it is missing
    app.config["SANDBOX"] = backend
    request.getfixturevalue("queue")
    yield app
    get_queue(app).stop(timeout=60)
    close_sandbox(app)  # a Docker sandbox keeps a warm pool: leave no container behind


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("name", "endpoint", "verdict"), [
    ("unprintable_output.py", "submissions", Verdict.ACCEPTED),
    ("unprintable_output.py", "runs", Verdict.ACCEPTED),
    ("unprintable_error.py", "submissions", Verdict.RUNTIME_ERROR),
    ("unprintable_error.py", "runs", Verdict.RUNTIME_ERROR),
])
def test_unprintable_bytes_from_the_code_are_recorded_as_clean_text(
        app_on_backend, client, catalog, auth_headers, name, endpoint, verdict):
    code = BY_NAME[name].code
    response = client.post(f"/api/v1/challenges/softmax/{endpoint}", json={"code": code},
                           headers=auth_headers)
    assert response.status_code in (200, 202), response.get_json()
    body = response.get_json()
    shown = body if body.get("status") == "done" else _wait_done(
        client, auth_headers, f"/api/v1/submissions/{body['id']}")
    assert shown["status"] == "done" and shown["verdict"] == verdict, shown
    _assert_clean_text(shown)
    if name == "unprintable_error.py":
        public = [t for t in shown["tests"] if not t["hidden"]]
        assert public and "ValueError" in public[0]["message"]
    if endpoint == "runs" and verdict == Verdict.ACCEPTED:
        assert "pwned" in shown["output"]  # what it printed is shown, as clean text


# --- after the suite: the host ------------------------------------------------------------


def _new_tmp_entries(host: HostState) -> list[str]:
    ignored = ["pytest-of-*", *filter(None, os.environ.get("ARENA_ABUSE_TMP_IGNORE",
                                                          "").split(","))]
    now = {p.name for p in Path(tempfile.gettempdir()).iterdir()}
    return sorted(n for n in now - host.tmp_before
                  if not any(fnmatch.fnmatch(n, pattern) for pattern in ignored))


def _left_by_nobody() -> list[str]:
    """Return entries of the host's other scratch folders that a box's uid owns."""
    left = []
    for folder in (Path("/var/tmp"), Path("/dev/shm")):
        if folder.is_dir():
            left += [str(p) for p in folder.iterdir() if box_uid(p.lstat().st_uid)]
    return left


def _sandbox_containers() -> list[str]:
    result = subprocess.run(["docker", "ps", "-a", "--filter", "label=arena.sandbox", "-q"],
                            capture_output=True, text=True, timeout=60)
    return result.stdout.split()


def test_after_the_suite_the_host_is_as_before(engines: Engines, abuse_host: HostState):
    """Run last: a correct answer still passes, and the boxes left nothing behind."""
    if not abuse_host.used:
        pytest.skip("no backend ran")
    for backend in sorted(abuse_host.used):
        engine = engines.get(backend)
        report = grade(engine.spec, engine.prepared, CORRECT, engine.sandbox)
        assert report.verdict == Verdict.ACCEPTED, f"{backend}: {describe(report)}"
        if backend == "docker":  # the fast path: each box's job ran in its pool's container
            assert [box.jobs >= 1 for box in engine.sandbox.pool.ready] == [True]
            assert [box.jobs >= 1 for box in engine.sandbox.hidden_pool.ready] == [True]
    engines.close()
    if "docker" in abuse_host.used and shutil.which("docker"):
        left = wait_for(_sandbox_containers, 30.0)
        assert not left, f"containers labelled arena.sandbox are left: {left}"
    left = wait_for(lambda: processes_of_uid(BOX_UIDS), 10.0)
    assert not left, f"processes of a box's uid are left: {left}"
    new = wait_for(lambda: _new_tmp_entries(abuse_host), 5.0)
    assert not new, f"the host's /tmp gained {new}"
    assert not _left_by_nobody(), "a box wrote into the host's /var/tmp or /dev/shm"
    os.sync()  # what the boxes wrote, allocated (as the baseline was)
    dropped = abuse_host.disk_free_before - shutil.disk_usage(tempfile.gettempdir()).free
    dropped -= allocated_bytes(abuse_host.own_scratch)  # the tests' databases, not the boxes'
    assert dropped < DISK_SLACK, f"free disk space dropped by {dropped / 2**20:.0f} MiB"
