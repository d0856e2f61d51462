"""Grades: points per challenge, a late penalty per started day with a cap, extensions, what
counts (from the opening or a chosen instant, never before joining), scores and totals in the
gradebook's JSON and its CSV layouts (ours, Canvas's, Moodle's), and the roster's names."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta

import pytest

from tests.arena.test_gradebook import record_verdict

OPENS = datetime(2026, 11, 30, tzinfo=UTC)
DUE = datetime(2026, 12, 1, 15, tzinfo=UTC)
JOINED = datetime(2026, 11, 1, tzinfo=UTC)
HOUR, DAY = timedelta(hours=1), timedelta(days=1)


@pytest.fixture
def course(client, people, catalog, joined_on) -> str:
    """Ivy's course with sam and sue, who joined before the term; return its path."""
    created = client.post("/api/v1/courses", json={"title": "Attention"},
                          headers=people["ivy"]).get_json()
    for student in ("sam", "sue"):
        client.post("/api/v1/courses/join", json={"code": created["join_code"]},
                    headers=people[student])
    joined_on(created["id"], JOINED, "sam", "sue")
    return f"/api/v1/courses/{created['id']}"


def _assign(client, people, course, **changed):
    body = {"title": "Week 1", "challenges": ["softmax", "scaled-scores"],
            "opens_at": OPENS.isoformat(), "due_at": DUE.isoformat(), **changed}
    return client.post(f"{course}/assignments", json=body, headers=people["ivy"])


def _csv(client, people, course, layout: str | None = None) -> list[list[str]]:
    answer = client.get(f"{course}/gradebook.csv" + (f"?layout={layout}" if layout else ""),
                        headers=people["ivy"])
    assert answer.status_code == 200 and answer.mimetype == "text/csv"
    return list(csv.reader(io.StringIO(answer.get_data(as_text=True))))


@pytest.fixture
def graded(app, client, people, course) -> dict:
    """Two assignments, points, a penalty, an extension and a term of work; return the two
    assignments as created.

    Week 1 (softmax 2 points, scaled-scores 3; 10% a started day late, at most 25%; sue due
    two days later):
    - sam: softmax on time, 2. scaled-scores wrong, then accepted 1 hour late (1 day: -10%)
      and again 3 days late: the best counts, 3 x 0.9 = 2.7. Week 1: 4.7.
    - sue: softmax 25 hours after the due time, inside her extension: 2. scaled-scores 5 days
      after the due time, 3 days after hers: 30%, capped at 25%: 3 x 0.75 = 2.25. Week 1: 4.25.
    Week 2 (attention-weights 5 points, opens a day after Week 1, no penalty):
    - sam: accepted before it opened (does not count), then a day late: 5 (marked late).
    - sue: nothing: 0.
    Totals: sam 9.7, sue 4.25, of 10 possible."""
    week1 = _assign(client, people, course, points={"softmax": 2, "scaled-scores": 3},
                    late_penalty={"percent_per_day": 10, "max_percent": 25},
                    extensions={"sue": (DUE + 2 * DAY).isoformat()})
    assert week1.status_code == 201, week1.get_json()
    week2 = _assign(client, people, course, title="Week 2", challenges=["attention-weights"],
                    points={"attention-weights": 5}, opens_at=(OPENS + DAY).isoformat(),
                    due_at=(DUE + DAY).isoformat())
    assert week2.status_code == 201, week2.get_json()
    record_verdict(app, "sam", "softmax", "accepted", DUE - HOUR)
    record_verdict(app, "sam", "scaled-scores", "wrong_answer", DUE - 2 * HOUR)
    record_verdict(app, "sam", "scaled-scores", "accepted", DUE + HOUR)
    record_verdict(app, "sam", "scaled-scores", "accepted", DUE + 3 * DAY)
    record_verdict(app, "sue", "softmax", "accepted", DUE + DAY + HOUR)
    record_verdict(app, "sue", "scaled-scores", "accepted", DUE + 5 * DAY)
    record_verdict(app, "sam", "attention-weights", "accepted", OPENS + HOUR)  # before it opened
    record_verdict(app, "sam", "attention-weights", "accepted", DUE + DAY + DAY)
    return {"week1": week1.get_json(), "week2": week2.get_json()}


def test_points_penalties_and_extensions_make_the_hand_computed_scores(client, people, course,
                                                                         graded):
    week1, week2 = graded["week1"]["id"], graded["week2"]["id"]
    assert graded["week1"]["points"] == {"softmax": 2, "scaled-scores": 3}
    assert graded["week1"]["late_penalty"] == {"percent_per_day": 10, "max_percent": 25}
    assert list(graded["week1"]["extensions"]) == ["sue"]
    book = client.get(f"{course}/gradebook", headers=people["ivy"]).get_json()
    assert book["points"] == {"softmax": 2, "scaled-scores": 3, "attention-weights": 5}
    assert book["assignments"] == [{"id": week1, "title": "Week 1", "points": 5},
                                   {"id": week2, "title": "Week 2", "points": 5}]
    assert book["points_possible"] == 10
    rows = {row["username"]: row for row in book["rows"]}
    sam, sue = rows["sam"], rows["sue"]
    assert {slug: cell["points"] for slug, cell in sam["cells"].items()} == {
        "softmax": 2, "scaled-scores": 2.7, "attention-weights": 5}
    assert sam["cells"]["scaled-scores"]["late"] is True
    assert sam["cells"]["attention-weights"]["attempts"] == 1  # the one before opening: none
    assert {slug: cell["points"] for slug, cell in sue["cells"].items()} == {
        "softmax": 2, "scaled-scores": 2.25, "attention-weights": 0}
    assert sue["cells"]["softmax"]["late"] is False  # inside her extension
    assert sam["scores"] == {str(week1): 4.7, str(week2): 5} and sam["score"] == 9.7
    assert sue["scores"] == {str(week1): 4.25, str(week2): 0} and sue["score"] == 4.25

    assert _csv(client, people, course) == [
        ["username", "name", "email", "student_number", "softmax", "scaled-scores",
         "attention-weights", f"Week 1 ({week1})", f"Week 2 ({week2})", "total"],
        ["sam", "", "", "", "2", "2.7", "5", "4.7", "5", "9.7"],
        ["sue", "", "", "", "2", "2.25", "0", "4.25", "0", "4.25"]]


def test_a_student_sees_their_own_scores_and_extension_only(client, people, course, graded):
    own = client.get(f"{course}/gradebook", headers=people["sue"]).get_json()
    assert [row["username"] for row in own["rows"]] == ["sue"] and own["rows"][0]["score"] == 4.25
    listed = client.get(f"{course}/assignments", headers=people["sam"]).get_json()
    assert listed["assignments"][0]["extensions"] == {}  # sue's is hers
    listed = client.get(f"{course}/assignments", headers=people["sue"]).get_json()
    assert list(listed["assignments"][0]["extensions"]) == ["sue"]


def test_canvas_and_moodle_layouts_carry_the_headers_their_importers_expect(
        client, people, course, graded):
    """Canvas's gradebook import: `Student,ID,SIS User ID,SIS Login ID,Section`, then a
    column per assignment titled with its name and id; Moodle's: an identifier column to map
    users by (the e-mail), then a column per grade item (docs/grades.md)."""
    week1, week2 = graded["week1"]["id"], graded["week2"]["id"]
    assert client.patch(f"{course}/members/sam", headers=people["ivy"], json={
        "display_name": "Sam Lee", "email": "sam@example.org",
        "student_number": "2026-0042"}).status_code == 200
    canvas = _csv(client, people, course, "canvas")
    assert canvas[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section",
                         f"Week 1 ({week1})", f"Week 2 ({week2})"]
    assert canvas[1:] == [["Sam Lee", "", "2026-0042", "sam@example.org", "", "4.7", "5"],
                          ["sue", "", "", "", "", "4.25", "0"]]
    moodle = _csv(client, people, course, "moodle")
    assert moodle[0] == ["Email address", "Username", "ID number", "Full name",
                         f"Week 1 ({week1})", f"Week 2 ({week2})"]
    assert moodle[1] == ["sam@example.org", "sam", "2026-0042", "Sam Lee", "4.7", "5"]
    ours = _csv(client, people, course)
    assert ours[1][:4] == ["sam", "Sam Lee", "sam@example.org", "2026-0042"]
    assert client.get(f"{course}/gradebook.csv?layout=excel",
                      headers=people["ivy"]).status_code == 422


def test_work_before_joining_or_opening_does_not_count_unless_it_counts_from_earlier(
        app, client, people, course, joined_on):
    created = _assign(client, people, course).get_json()
    record_verdict(app, "sam", "softmax", "accepted", OPENS - HOUR)  # before the opening
    code = client.get(course, headers=people["ivy"]).get_json()["join_code"]
    record_verdict(app, "zed", "softmax", "accepted", DUE - HOUR)  # before zed joined (now)
    client.post("/api/v1/courses/join", json={"code": code}, headers=people["zed"])

    def softmax() -> dict[str, int]:
        book = client.get(f"{course}/gradebook", headers=people["ivy"]).get_json()
        return {row["username"]: row["cells"]["softmax"]["points"] for row in book["rows"]}

    assert softmax() == {"sam": 0, "sue": 0, "zed": 0}
    moved = client.put(f"{course}/assignments/{created['id']}", headers=people["ivy"], json={
        **{k: created[k] for k in ("title", "challenges", "opens_at", "due_at")},
        "counts_from": (OPENS - DAY).isoformat()})
    assert moved.status_code == 200 and moved.get_json()["counts_from"].startswith("2026-11-29")
    assert softmax() == {"sam": 1, "sue": 0, "zed": 0}  # zed's still came before joining
    joined_on(int(course.rsplit("/", 1)[1]), JOINED, "zed")
    assert softmax() == {"sam": 1, "sue": 0, "zed": 1}


def test_an_edit_that_leaves_grading_out_keeps_it(client, people, course, graded):
    week1 = graded["week1"]
    changed = client.put(f"{course}/assignments/{week1['id']}", headers=people["ivy"], json={
        "title": "Week 1 (edited)", "challenges": ["softmax", "scaled-scores", "rope"],
        "opens_at": week1["opens_at"], "due_at": week1["due_at"]}).get_json()
    assert changed["points"] == {"softmax": 2, "scaled-scores": 3, "rope": 1}
    assert changed["late_penalty"] == week1["late_penalty"]
    assert changed["extensions"] == week1["extensions"]
    cleared = client.put(f"{course}/assignments/{week1['id']}", headers=people["ivy"], json={
        **{k: changed[k] for k in ("title", "challenges", "opens_at", "due_at")},
        "extensions": {}, "late_penalty": {"percent_per_day": 0}}).get_json()
    assert cleared["extensions"] == {}
    assert cleared["late_penalty"] == {"percent_per_day": 0, "max_percent": 100}


@pytest.mark.parametrize(("changed", "message"), [
    ({"points": {"rope": 1}}, "'rope' is not a challenge of the assignment"),
    ({"points": {"softmax": -1}}, "'softmax' must be worth 0 to 1000 points"),
    ({"points": {"softmax": 1001}}, "'softmax' must be worth 0 to 1000 points"),
    ({"late_penalty": {"percent_per_day": 101}}, "percent_per_day"),
    ({"late_penalty": {"percent_per_day": 10, "max_percent": -5}}, "max_percent"),
    ({"late_penalty": {"max_percent": 5}}, "percent_per_day"),
    ({"extensions": {"nobody": DUE.isoformat()}}, "'nobody' is not a student of this course"),
    ({"extensions": {"ivy": DUE.isoformat()}}, "'ivy' is not a student of this course"),
    ({"extensions": {"zed": DUE.isoformat()}}, "'zed' is not a student of this course"),
    ({"extensions": {"sam": "2026-12-03T10:00:00"}}, "extensions"),
    ({"extensions": {"sam": "soon"}}, "extensions"),
    ({"counts_from": (DUE + HOUR).isoformat()}, "counts_from"),
])
def test_grading_that_cannot_be_kept_is_refused_with_a_clear_message(
        client, people, course, changed, message):
    answer = _assign(client, people, course, **changed)
    assert answer.status_code == 422
    assert message in str(answer.get_json()["error"]), answer.get_json()


def test_the_roster_is_edited_by_its_member_and_by_the_instructors(client, people, course):
    own = client.patch(f"{course}/members/sue", headers=people["sue"],
                       json={"display_name": " Sue Kim ", "email": "sue@example.org"})
    assert own.status_code == 200
    assert own.get_json()["display_name"] == "Sue Kim"
    assert client.patch(f"{course}/members/sue", headers=people["sue"],
                        json={"student_number": "1"}).status_code == 403
    assert client.patch(f"{course}/members/sam", headers=people["sue"],
                        json={"display_name": "Not Sam"}).status_code == 403
    assert client.patch(f"{course}/members/sue", headers=people["zed"],
                        json={"display_name": "x"}).status_code == 404
    assert client.patch(f"{course}/members/zed", headers=people["ivy"],
                        json={"display_name": "x"}).status_code == 404
    bad = client.patch(f"{course}/members/sue", headers=people["sue"], json={"email": "sue"})
    assert bad.status_code == 422 and "email" in bad.get_json()["error"]["message"]
    assert client.patch(f"{course}/members/sue", headers=people["sue"],
                        json={"display_name": "x" * 201}).status_code == 422
    assert client.patch(f"{course}/members/sue", headers=people["ivy"], json={
        "student_number": "=1+2", "email": ""}).status_code == 200
    members = client.get(f"{course}/members", headers=people["ivy"]).get_json()["members"]
    sue = next(m for m in members if m["username"] == "sue")
    assert (sue["display_name"], sue["email"], sue["student_number"]) == ("Sue Kim", None,
                                                                          "=1+2")
    row = next(r for r in _csv(client, people, course) if r[0] == "sue")
    assert row[1:4] == ["Sue Kim", "", "'=1+2"]  # never a formula in a spreadsheet
