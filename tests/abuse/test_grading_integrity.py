"""Issue 10 through the real app: hidden tests stay hidden, box data is never trusted.

A. Hidden stays hidden. Each submission in integrity/leak_*.py (scaled-dot-product attention)
tries one channel to carry hidden inputs to the learner: a public row's `got`, the weights
probe, an exception's type name, its message, printed output, a hidden row's timing, an
answer's shape. The submission goes through the API and the queue on a real sandbox backend;
then no hidden input may appear anywhere the learner or the database can show: the API's
JSON in English and Korean, the submission page in both languages, and every column of the
stored submission row and its test_result rows. The hidden inputs come from the version's
prepared data; each non-whole number with three decimals or more that no public example
holds is looked for as a number (never as a part of a longer one), and so is each `NNNNx3`
shape that leak_answer_shape.py would spell.

B. Box data never forces internal_error. The box is the learner's: every field of every
result line may be hostile (submissions/box_*.py and integrity/probe_huge_int.py write them
through the runner's own channel). Each ends in the learner's verdict named in its header,
never in internal_error, and what is stored stays small.
"""

from __future__ import annotations

import json
import re
import runpy
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from abuse_harness import BACKENDS, docker_required, read_header, unavailable
from sqlalchemy import select, text

from arena.extensions import db
from arena.jobs.preparation import prepare_version, prepared_data
from arena.jobs.sandbox import get_sandbox
from arena.models import Challenge
from arena.services.catalog import get_challenge
from arena.services.users import create_token, create_user
from graders.sandbox.base import SandboxUnavailable
from graders.sandbox.selection import select_sandbox

pytestmark = [pytest.mark.sandbox, pytest.mark.abuse]

HERE = Path(__file__).resolve().parent
INTEGRITY = HERE / "integrity"
SUBMISSIONS = HERE / "submissions"
SDPA = "scaled-dot-product-attention"
SOFTMAX = "softmax"
USED = (SDPA, SOFTMAX)
LEAKS = sorted(INTEGRITY.glob("leak_*.py"))
REACH = INTEGRITY / "reach.py"  # put in front of every leak: how each reaches the inputs
BOX_DATA = [(SDPA, INTEGRITY / "probe_huge_int.py"),
            *((SOFTMAX, p) for p in sorted(SUBMISSIONS.glob("box_*.py")))]
REFERENCE = HERE.parents[1] / "challenges" / SDPA / "reference.py"
PASSWORD = "correct horse battery"
META_TOKEN = re.compile(r'<meta name="csrf-token" content="([^"]+)">')
GRADING_SECONDS = 240
MAX_STORED_BYTES = 1_000_000
MAX_MESSAGE_CHARS = 4096
ALLOWED_HIDDEN_ERROR = "Exception"
SHAPE_WORDS = re.compile(r"expected shape|got \d|기대한 모양|\d+x\d+")

# --- backends, the app, a learner -------------------------------------------------------------


@pytest.fixture(scope="session")
def docker_missing() -> str | None:
    """Return why the Docker backend cannot run here, or None when it can."""
    try:
        sandbox = select_sandbox("docker", pool_size=0)
    except SandboxUnavailable as exc:
        return str(exc)
    closer = getattr(sandbox, "close", None)
    if callable(closer):
        closer()
    return None


@pytest.fixture(params=BACKENDS)
def backend(request, docker_missing) -> str:
    """Return the backend's name; without Docker, skip (fail when ARENA_REQUIRE_DOCKER=1)."""
    if request.param == "docker" and docker_missing:
        unavailable(f"no docker sandbox here ({docker_missing}); "
                    "ARENA_REQUIRE_DOCKER=1 makes this a failure", docker_required())
    return request.param


@pytest.fixture
def arena(app, catalog, backend: str, request) -> Iterator:
    """Return the app grading on `backend`, only the two challenges used here active."""
    app.config["SANDBOX"] = backend
    with app.app_context():
        for challenge in db.session.scalars(select(Challenge)):
            challenge.active = challenge.slug in USED  # no background preparing of the rest
        db.session.commit()
    request.getfixturevalue("queue")
    yield app


@dataclass
class Learner:
    """One student seen two ways: through the API (a token) and through a browser session."""

    api: object
    headers: dict[str, str]
    browser: object


@pytest.fixture
def learner(arena) -> Learner:
    with arena.app_context():
        create_user("lee", "student", password=PASSWORD)
        token = create_token("lee")
    browser = arena.test_client()
    page = browser.get("/login").get_data(as_text=True)
    match = META_TOKEN.search(page)
    assert match, "no csrf-token meta on /login"
    response = browser.post("/login", data={"username": "lee", "password": PASSWORD,
                                            "csrf_token": match.group(1)})
    assert response.status_code == 302, response.get_data(as_text=True)[:500]
    return Learner(arena.test_client(), {"Authorization": f"Bearer {token}"}, browser)


# --- grading and what it leaves behind -----------------------------------------------------------


@dataclass
class Graded:
    """A finished submission as every reader sees it."""

    id: int
    api: dict[str, dict]  # locale -> the API's JSON
    pages: dict[str, str]  # locale -> the submission page's HTML
    submission_row: dict
    test_rows: list[dict]

    def texts(self) -> dict[str, str]:
        """Return every place to search, by name."""
        found = {f"API ({lang})": json.dumps(body, ensure_ascii=False)
                 for lang, body in self.api.items()}
        found.update({f"page ({lang})": html for lang, html in self.pages.items()})
        found["stored submission row"] = _dump(self.submission_row)
        found.update({f"stored test_result row {row['position']}": _dump(row)
                      for row in self.test_rows})
        return found

    @property
    def tests(self) -> list[dict]:
        return self.api["en"]["tests"]


def _dump(row: dict) -> str:
    return "\n".join(f"{key}={value}" for key, value in row.items())


def submit_and_wait(arena, learner: Learner, slug: str, code: str) -> Graded:
    """Submit through the API, poll until done, then read it every way."""
    response = learner.api.post(f"/api/v1/challenges/{slug}/submissions", json={"code": code},
                                headers=learner.headers)
    assert response.status_code == 202, response.get_json()
    url = response.get_json()["url"]
    deadline = time.monotonic() + GRADING_SECONDS
    body = learner.api.get(url, headers=learner.headers).get_json()
    while body["status"] != "done" and time.monotonic() < deadline:
        time.sleep(0.2)
        body = learner.api.get(url, headers=learner.headers).get_json()
    assert body["status"] == "done", f"still {body['status']} after {GRADING_SECONDS} s"
    korean = learner.api.get(url, headers=learner.headers, query_string={"lang": "ko"})
    pages = {}
    for lang in ("en", "ko"):
        page = learner.browser.get(f"/submissions/{body['id']}",
                                   headers={"Accept-Language": lang})
        assert page.status_code == 200
        pages[lang] = page.get_data(as_text=True)
    with arena.app_context():
        submission_row = dict(db.session.execute(
            text("SELECT * FROM submission WHERE id = :id"), {"id": body["id"]}).mappings().one())
        test_rows = [dict(row) for row in db.session.execute(
            text("SELECT * FROM test_result WHERE submission_id = :id ORDER BY position"),
            {"id": body["id"]}).mappings()]
    return Graded(body["id"], {"en": body, "ko": korean.get_json()}, pages, submission_row,
                  test_rows)


def prepared_cases(arena, slug: str):
    """Return the challenge version's prepared cases (the data the judge grades against)."""
    with arena.app_context():
        version = get_challenge(slug).current_version
        prepared = prepared_data(version) or prepare_version(version, get_sandbox(arena))
    return prepared


def describe(graded: Graded) -> str:
    body = graded.api["en"]
    rows = [(t["name"][:30], t["hidden"], t["passed"], str(t.get("message"))[:80],
             t.get("error_type")) for t in body["tests"][:6]]
    return f"verdict {body['verdict']!r} ({str(body.get('message'))[:200]!r}); rows {rows}"


# --- the needles: hidden inputs as they could be spelled ----------------------------------------


def _numbers(value) -> Iterator[float]:
    if isinstance(value, bool):
        return
    if isinstance(value, (int, float)):
        yield float(value)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _numbers(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _numbers(item)


#: A number as it is spelled anywhere: digits, maybe a fraction, maybe "x" and more digits (a
#: shape). Searching for these and looking each up is linear; one regex of every needle is not.
NUMBER = re.compile(r"\d+(?:\.\d+)?(?:x\d+)?")


def _spelled_numbers(blob: str) -> Iterator[re.Match]:
    """Yield every whole number (or NNNxM shape) in `blob`, never a part of a longer one."""
    for match in NUMBER.finditer(blob):
        if match.start() == 0 or blob[match.start() - 1] != ".":
            yield match


def hidden_needles(prepared) -> dict[str, str]:
    """Return {spelling: hidden case} of hidden inputs distinctive enough to search for."""
    public = {m.group(0) for m in _spelled_numbers(json.dumps(prepared.public_examples()))}
    code_of = runpy.run_path(str(INTEGRITY / "leak_answer_shape.py"),
                             runpy.run_path(str(REACH)))["code_of"]
    needles: dict[str, str] = {}
    for case in prepared.cases:
        if case.public:
            continue
        for value in _numbers([case.args, case.kwargs]):
            spelled = repr(abs(value))
            if value == int(value) or "e" in spelled or len(spelled.split(".")[1]) < 3:
                continue
            if spelled not in public:
                needles.setdefault(spelled, case.name)
        code = code_of(case.args) if len(case.args) == 3 else None
        if code is not None:
            needles.setdefault(f"{code}x3", f"{case.name} (as a shape)")
    return needles


def leaks(graded: Graded, needles: dict[str, str]) -> dict[str, list[str]]:
    """Return, per place, the hidden inputs found there with their context."""
    found: dict[str, list[str]] = {}
    for where, blob in graded.texts().items():
        hits = [f"{m.group(0)} of {needles[m.group(0)]!r}: "
                f"...{blob[max(0, m.start() - 60):m.end() + 20]}..."
                for m in _spelled_numbers(blob) if m.group(0) in needles]
        if hits:
            found[where] = hits[:3] + ([f"(+{len(hits) - 3} more)"] if len(hits) > 3 else [])
    return found


def failing_hidden(graded: Graded, lang: str = "en") -> list[dict]:
    return [t for t in graded.api[lang]["tests"] if t["hidden"] and not t["passed"]]


# --- A. hidden stays hidden ---------------------------------------------------------------------


def test_the_reference_shows_no_hidden_input_anywhere(arena, learner):
    """The control: a right answer is accepted and the search finds nothing by chance."""
    graded = submit_and_wait(arena, learner, SDPA, REFERENCE.read_text(encoding="utf-8"))
    assert graded.api["en"]["verdict"] == "accepted", describe(graded)
    needles = hidden_needles(prepared_cases(arena, SDPA))
    assert len(needles) > 100, "too few distinctive hidden inputs to search for"
    assert not leaks(graded, needles)


@pytest.mark.parametrize("path", LEAKS, ids=lambda p: p.stem)
def test_no_hidden_input_reaches_the_learner(arena, learner, path: Path):
    header = read_header(path)
    code = REACH.read_text(encoding="utf-8") + path.read_text(encoding="utf-8")
    graded = submit_and_wait(arena, learner, SDPA, code)
    body = graded.api["en"]
    assert body["verdict"] != "internal_error", describe(graded)
    hidden = [t for t in body["tests"] if t["hidden"]]
    assert hidden and len(hidden) < len(body["tests"]), "a Submit has public and hidden rows"
    found = leaks(graded, hidden_needles(prepared_cases(arena, SDPA)))
    assert not found, f"hidden inputs reached the learner through {header['channel']}: " \
                      + json.dumps(found, ensure_ascii=False, indent=1)[:3000]
    channel = header["channel"]
    if channel == "seconds":
        stored = [(row["name"], row["seconds"]) for row in graded.test_rows
                  if row["hidden"] and row["seconds"] is not None]
        assert not stored, f"hidden rows keep a timing: {stored[:5]}"
        for lang in ("en", "ko"):
            shown = [t["name"] for t in graded.api[lang]["tests"]
                     if t["hidden"] and t.get("seconds") is not None]
            assert not shown, f"hidden rows show a timing ({lang}): {shown}"
    if channel == "error_type":
        # A class name that is no identifier breaks the protocol's schema: the stream is
        # corrupt from there on and those rows name no type at all.
        shown = {t["error_type"] for t in failing_hidden(graded)}
        assert shown and shown <= {ALLOWED_HIDDEN_ERROR, None}, \
            f"a hidden row names a learner-made exception class: {sorted(map(str, shown))[:3]}"
    if channel == "message":
        assert {t["error_type"] for t in failing_hidden(graded)} == {"ValueError"}
    if channel == "shape":
        for lang in ("en", "ko"):
            said = [t["message"] for t in failing_hidden(graded, lang)
                    if SHAPE_WORDS.search(t["message"] or "")]
            assert not said, f"a hidden row describes the answer's shape ({lang}): {said[:3]}"
    if channel == "output":
        assert "hidden: [" not in body["output"], "printed output of a hidden box is shown"
    # The attack ran: the verdict is the one it earns on an engine that holds.
    assert body["verdict"] == header["expect"], describe(graded)


# --- B. box data never forces internal_error ----------------------------------------------------


def _loaded(value):
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


def long_messages(graded: Graded) -> list[str]:
    """Return where a stored or shown message is longer than a few KB."""
    found = []
    rows = [("submission", graded.submission_row)] + [
        (f"test_result {row['position']}", row) for row in graded.test_rows]
    for where, row in rows:
        if len(row.get("message") or "") > MAX_MESSAGE_CHARS:
            found.append(f"{where}.message: {len(row['message'])} characters")
        for lang, texts in (_loaded(row.get("translations")) or {}).items():
            message = texts.get("message") or ""
            if len(message) > MAX_MESSAGE_CHARS:
                found.append(f"{where}.translations.{lang}.message: {len(message)} characters")
    for lang, body in graded.api.items():
        for test in [body, *body["tests"]]:
            if len(test.get("message") or "") > MAX_MESSAGE_CHARS:
                found.append(f"API ({lang}) {test.get('name', 'submission')!r}.message: "
                             f"{len(test['message'])} characters")
    return found


def stored_bytes(graded: Graded) -> int:
    rows = [graded.submission_row, *graded.test_rows]
    return sum(len(str(value).encode("utf-8")) for row in rows for value in row.values())


@pytest.mark.parametrize(("slug", "path"), BOX_DATA, ids=lambda v: getattr(v, "stem", v))
def test_box_data_gets_the_learners_verdict_and_stays_small(arena, learner, slug: str,
                                                             path: Path):
    expected = read_header(path)["expect"]
    graded = submit_and_wait(arena, learner, slug, path.read_text(encoding="utf-8"))
    body = graded.api["en"]
    assert body["verdict"] != "internal_error", describe(graded)
    assert body["verdict"] == expected, describe(graded)
    size = stored_bytes(graded)
    assert size < MAX_STORED_BYTES, f"the submission's stored rows hold {size:,} bytes"
    assert not long_messages(graded)
    if path.name == "probe_huge_int.py":
        public = [t for t in body["tests"] if not t["hidden"]]
        assert public and all(t.get("weights") is None for t in public), \
            "a probe answer that breaks the schema is ignored: weights null"
