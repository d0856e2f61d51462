"""Migration 0014 on rows stored at 0012: the challenge's and its versions' facts move into the
specs, the messages graded with translations into codes, and the pages and the API say the
same words as before; a downgrade restores the columns from the specs."""

from datetime import datetime

import sqlalchemy as sa

from arena.db import downgrade, upgrade
from arena.extensions import db
from arena.jobs.grading import GAVE_UP
from arena.models import ChallengeVersion, Submission, TestResult
from arena.presenters import present_submission
from arena.services.catalog import track_titles
from arena.services.versions import version_spec
from graders.challenge.spec import load_files

WHEN = datetime(2026, 12, 1)
TITLE = {"en": "Running maximum", "ko": "누적 최댓값"}
TRACK_TITLE = {"en": "Warm-up", "ko": "준비 운동"}
#: What rows graded between 0002 and 0003 kept: English, and Korean as translations.
ENGLISH = "wrong answer: the values differ from the expected output"
KOREAN = "오답: 값이 기대한 출력과 다릅니다"
EXPLANATION = {"en": "It returns its input.", "ko": "입력을 그대로 돌려줍니다."}
#: A draft stored with the facts in its columns only.
DRAFT_STATEMENT = {"en": "# Draft\n", "ko": "# 초안\n"}
DRAFT_HINTS = {"en": ["A draft's hint."]}

JSON = sa.JSON()
challenge = sa.table("challenge", *(sa.column(name) for name in (
    "id", "slug", "difficulty", "track", "track_order", "order", "entry_point", "active",
    "origin", "current_version_id", "draft_version_id")),
    sa.column("title", JSON), sa.column("track_title", JSON), sa.column("tags", JSON))
version = sa.table("challenge_version", *(sa.column(name) for name in (
    "id", "challenge_id", "number", "content_hash", "starter", "entry_point", "time_limit",
    "memory_mb", "rtol", "atol", "created_at", "published_at", "publish_when_valid")),
    sa.column("statement", JSON), sa.column("hints", JSON), sa.column("spec", JSON))
submission = sa.table("submission", *(sa.column(name) for name in (
    "id", "user_id", "challenge_id", "version_id", "kind", "code", "status", "verdict",
    "passed", "total", "message", "output", "attempt", "created_at")),
    sa.column("translations", JSON))
test_result = sa.table("test_result", *(sa.column(name) for name in (
    "id", "submission_id", "position", "name", "hidden", "passed", "message", "mutant")),
    sa.column("diagnosis", JSON), sa.column("translations", JSON),
    sa.column("message_data", JSON), sa.column("names", JSON))


def _version_row(number: int, spec: dict, **facts) -> dict:
    """Return a version's row at 0012: its columns copied from the spec, unless given."""
    columns = {name: spec.get(name) for name in (
        "statement", "starter", "hints", "entry_point", "time_limit", "memory_mb", "rtol",
        "atol")}
    return {"id": number, "challenge_id": 1, "number": number,
            "content_hash": f"{spec['content_hash']}{number}", "created_at": WHEN,
            "published_at": WHEN if number == 1 else None, "publish_when_valid": False,
            "spec": spec, **columns, **facts}


def _seed(app, tiny_files) -> dict:
    """Store, at 0012, a challenge published from a spec written before tracks were described
    (its track's order and title in the challenge's columns), a draft whose spec lacks its
    statement and hints, and a submission graded in each era of messages."""
    spec = load_files({p: t.encode() for p, t in tiny_files.items()}).to_json()
    old = {k: v for k, v in spec.items() if k not in ("track_order", "track_title",
                                                     "weights_probe")}
    draft = {k: v for k, v in spec.items() if k not in ("statement", "hints")}
    downgrade(app, "0012")
    with app.app_context(), db.engine.begin() as connection:
        connection.execute(sa.text(
            "INSERT INTO user_account (id, username, username_key, role, created_at) "
            "VALUES (1, 'ann', 'ann', 'student', '2026-01-01 00:00:00')"))
        connection.execute(challenge.insert().values(
            id=1, slug="running-max", title=TITLE, difficulty="easy", track="foundations",
            track_order=3, track_title=TRACK_TITLE, order=50, tags=[], active=True,
            entry_point="running_max", origin="folder"))
        connection.execute(version.insert(), [
            _version_row(1, old),
            _version_row(2, draft, statement=DRAFT_STATEMENT, hints=DRAFT_HINTS)])
        connection.execute(challenge.update().values(current_version_id=1,
                                                     draft_version_id=2))
        connection.execute(submission.insert(), [
            {"id": 1, "user_id": 1, "challenge_id": 1, "version_id": 1, "kind": "submission",
             "code": "x", "status": "done", "verdict": "wrong_answer", "passed": 1,
             "total": 3, "message": ENGLISH, "output": "", "attempt": 1, "created_at": WHEN,
             "translations": {"ko": {"message": KOREAN}}},
            {"id": 2, "user_id": 1, "challenge_id": 1, "version_id": 1, "kind": "submission",
             "code": "y", "status": "done", "verdict": "internal_error", "passed": 0,
             "total": 0, "message": GAVE_UP, "output": "", "attempt": 3, "created_at": WHEN,
             "translations": None}])
        connection.execute(test_result.insert(), [
            {"id": 1, "submission_id": 1, "position": 0, "name": "one value", "hidden": True,
             "passed": False, "message": "values differ", "mutant": "returns_input",
             "diagnosis": EXPLANATION, "message_data": None, "names": None,
             "translations": {"ko": {"name": "값 하나", "message": "값이 다릅니다"}}},
            {"id": 2, "submission_id": 1, "position": 1, "name": "three increasing",
             "hidden": False, "passed": True, "message": "", "mutant": None,
             "diagnosis": None, "message_data": None, "names": None,
             "translations": {"ko": {"name": "증가하는 세 값"}}},
            {"id": 3, "submission_id": 1, "position": 2, "name": "ten increasing",
             "hidden": True, "passed": True, "message": "not run", "mutant": None,
             "diagnosis": None, "message_data": [["not_run", {}]],
             "names": {"ko": "증가하는 열 값"}, "translations": None}])
    return spec


def test_facts_move_into_the_specs_and_pages_say_the_same(app, client, tiny_files):
    spec = _seed(app, tiny_files)
    upgrade(app)
    listed = client.get("/api/v1/challenges?lang=ko").get_json()["challenges"]
    assert listed == [{"slug": "running-max", "title": TITLE["ko"], "difficulty": "easy",
                       "track": "foundations", "order": 50, "tags": [],
                       "entry_point": "running_max", "visibility": "public"}]
    shown = client.get("/api/v1/challenges/running-max?lang=ko").get_json()
    assert (shown["title"], shown["statement"], shown["hints"], shown["starter_code"]) == (
        TITLE["ko"], spec["statement"]["ko"], list(spec["hints"]["ko"]), spec["starter"])
    assert (shown["time_limit"], shown["memory_mb"], shown["rtol"], shown["atol"]) == (
        10.0, spec["memory_mb"], spec["rtol"], spec["atol"])
    page = client.get("/", headers={"Accept-Language": "ko"}).get_data(as_text=True)
    assert TITLE["ko"] in page and TRACK_TITLE["ko"] in page
    with app.app_context():
        assert track_titles() == {"foundations": TRACK_TITLE}
        published, draft = (version_spec(db.session.get(ChallengeVersion, n)) for n in (1, 2))
        assert (published.track_order, published.weights_probe) == (3, None)
        assert (draft.statement, draft.hints) == (DRAFT_STATEMENT, {"en": ("A draft's hint.",)})
        assert (draft.track_order, draft.track_title) == (None, {})


def test_messages_graded_with_translations_become_codes(app, tiny_files):
    _seed(app, tiny_files)
    upgrade(app)
    with app.test_request_context():
        graded, interrupted = db.session.get(Submission, 1), db.session.get(Submission, 2)
        english, korean = (present_submission(graded, "en", graded.user),
                          present_submission(graded, "ko", graded.user))
        assert (english["message"], korean["message"]) == (ENGLISH, KOREAN)
        assert [t["name"] for t in korean["tests"]] == ["값 하나", "증가하는 세 값",
                                                        "증가하는 열 값"]
        assert [t["name"] for t in english["tests"]] == ["one value", "three increasing",
                                                         "ten increasing"]
        assert [t["message"] for t in korean["tests"]] == ["값이 다릅니다", "", "실행되지 않음"]
        assert [t["message"] for t in english["tests"]] == ["values differ", "", "not run"]
        assert (english["diagnosis"], korean["diagnosis"]) == (EXPLANATION["en"],
                                                               EXPLANATION["ko"])
        english, korean = (present_submission(interrupted, "en", interrupted.user),
                           present_submission(interrupted, "ko", interrupted.user))
        assert english["message"] == GAVE_UP and korean["message"].startswith("채점이")
        row = db.session.get(TestResult, 1)
        assert row.message_data == [["authored", {"text": {"words": {
            "en": "values differ", "ko": "값이 다릅니다"}}}]]
        assert (row.names, row.explanation) == ({"ko": "값 하나"}, EXPLANATION)
        assert db.session.get(TestResult, 3).message_data == [["not_run", {}]]


def test_a_downgrade_restores_the_columns_from_the_specs(app, tiny_files):
    spec = _seed(app, tiny_files)
    upgrade(app)
    downgrade(app, "0012")
    with app.app_context(), db.engine.connect() as connection:
        row = connection.execute(sa.select(challenge)).one()
        assert (row.title, row.track_order, row.track_title, row.order) == (
            TITLE, 3, TRACK_TITLE, 50)
        drafted = connection.execute(sa.select(version).where(version.c.id == 2)).one()
        assert (drafted.statement, drafted.hints, drafted.starter) == (
            DRAFT_STATEMENT, DRAFT_HINTS, spec["starter"])
        tested = connection.execute(sa.select(test_result).where(
            test_result.c.id == 1)).one()
        assert (tested.diagnosis, tested.translations) == (EXPLANATION, None)
