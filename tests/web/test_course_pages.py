"""The course pages: the dashboard, joining by code and by link, a course's page (what a
student and an instructor see), the gradebook's cells, an assignment typed in the reader's
time zone, the members, the list of submissions, and the due date on a statement."""

from __future__ import annotations

import html as htmllib
import re
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from arena.extensions import db
from arena.jobs.grading import SUBMISSIONS, record_report
from arena.models import Assignment, Course, CourseMember, Regrade, User
from arena.services.assignments import AssignmentFields, create_assignment, update_assignment
from arena.services.courses import create_course, join_course
from arena.services.grades import LatePenalty
from arena.services.submissions import create_submission
from graders.report import GradeReport, TestReport
from graders.verdicts import Verdict
from tests.web.conftest import page_token

OUT_OF_BOUNDS = "Choose a time from 1970-01-01 to 2999-12-31."
OPENS = datetime(2026, 11, 30, 0, 0, tzinfo=UTC)
DUE = datetime(2026, 12, 1, 14, 59, tzinfo=UTC)


def _user(username: str) -> User:
    return db.session.scalar(select(User).where(User.username == username))


def sign_in(client, username: str, password: str) -> None:
    """Log this client in as an existing user (logging out whoever was in)."""
    client.post("/logout", data={"csrf_token": page_token(client)})
    response = client.post("/login", data={"username": username, "password": password,
                                           "csrf_token": page_token(client, "/login")})
    assert response.status_code == 302


def staffed_course(make_user) -> Course:
    """Create instructors ivy and ian, students sam, sue and zed, and (in the caller's app
    context) ivy's course "Attention", which sam and sue joined."""
    for name, role in (("ivy", "instructor"), ("ian", "instructor"), ("sam", "student"),
                       ("sue", "student"), ("zed", "student")):
        make_user(name, role)
    created = create_course(_user("ivy"), "Attention")
    for student in ("sam", "sue"):
        join_course(_user(student), created.join_code)
    return created


@pytest.fixture
def course(app, catalog, make_user) -> dict:
    """Ivy's course "Attention" with students sam and sue (zed and the instructor ian stay
    out), an opened assignment "Week 1" (softmax, scaled-scores) and one that opens later."""
    with app.app_context():
        created = staffed_course(make_user)
        for member in created.members:  # before the term: their work counts
            member.joined_at = OPENS - timedelta(days=30)
        db.session.commit()
        week = create_assignment(_user("ivy"), created.id, AssignmentFields(
            "Week 1", ["softmax", "scaled-scores"], OPENS, DUE))
        later = datetime.now(UTC) + timedelta(days=30)
        create_assignment(_user("ivy"), created.id, AssignmentFields(
            "Week 9", ["causal-attention"], later, later + timedelta(days=7)))
        return {"id": created.id, "code": created.join_code, "week": week.id,
                "path": f"/courses/{created.id}"}


def graded(app, username: str, slug: str, verdict: str, at: datetime) -> int:
    """Record a verdict, the way a worker does, for a submission made at `at`: 3 of 3 tests
    passed when accepted, 1 of 3 otherwise."""
    with app.app_context():
        submission = create_submission(_user(username), slug, "def f():\n    pass\n")
        submission.created_at = at
        db.session.commit()
        passed = 3 if verdict == "accepted" else 1
        tests = [TestReport(f"t{i}", hidden=True, passed=i < passed) for i in range(3)]
        assert SUBMISSIONS.claim(submission.id)
        assert record_report(submission.id, 1, GradeReport(Verdict(verdict), tests))
        return submission.id


def cell(page: str, student: str, slug: str) -> str:
    """Return one gradebook cell's markup."""
    row = re.search(rf'<tr data-student="{student}"[^>]*>(.*?)</tr>', page, re.S).group(1)
    return re.search(rf'<td data-challenge="{slug}"[^>]*>.*?</td>', row, re.S).group(0)


@pytest.mark.parametrize("path", ["/courses", "/courses/1", "/submissions",
                                  "/courses/join/ABCD2345"])
def test_a_visitor_is_sent_to_log_in(client, path):
    response = client.get(path)
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/login?next=")


def test_the_navigation_links_the_dashboard_for_members_only(client, login):
    assert 'href="/courses"' not in client.get("/").get_data(as_text=True)
    login("ann")
    assert 'href="/courses"' in client.get("/").get_data(as_text=True)
    page = client.get("/courses").get_data(as_text=True)
    assert re.search(r'href="/courses"\s+aria-current="page"', page)


def test_a_student_sees_opened_assignments_due_dates_and_their_standing(
        app, client, course, password):
    graded(app, "sam", "softmax", "wrong_answer", DUE - timedelta(hours=3))
    graded(app, "sam", "softmax", "accepted", DUE + timedelta(hours=1))
    graded(app, "sue", "scaled-scores", "accepted", DUE - timedelta(hours=1))
    sign_in(client, "sam", password)
    page = client.get("/courses").get_data(as_text=True)
    assert "Attention" in page and "Week 1" in page and "Week 9" not in page
    assert '<time datetime="2026-12-01T14:59:00Z" data-local="long">2026-12-01 14:59 UTC</time>' \
        in page
    softmax = re.search(r'<li data-challenge="softmax">(.*?)</li>', page, re.S).group(1)
    assert f'href="/challenges/softmax?course={course["id"]}"' in softmax
    assert 'data-verdict="accepted" data-late="true"' in softmax and "late" in softmax
    assert 'data-points="1"' in softmax and "1 point<" in softmax  # late, and no penalty
    scores = re.search(r'<li data-challenge="scaled-scores">(.*?)</li>', page, re.S).group(1)
    assert "Not attempted" in scores  # sue's accept is hers alone
    assert 'data-testid="join-code"' in page and 'data-testid="create-course"' not in page


def test_an_instructor_creates_a_course_and_a_student_may_not(client, login, password,
                                                              make_user):
    token = login("ida", "instructor")
    page = client.get("/courses").get_data(as_text=True)
    assert 'data-testid="create-course"' in page and "You are in no course yet" in page
    response = client.post("/courses", data={"title": "Heads", "csrf_token": token})
    assert response.status_code == 302
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "<h1" in page and "Heads" in page and 'data-testid="join-code-value"' in page
    assert client.post("/courses", data={"title": "", "csrf_token": token}).status_code == 422
    make_user("stu")
    sign_in(client, "stu", password)
    refused = client.post("/courses", data={"title": "Mine", "csrf_token": page_token(client)})
    assert refused.status_code == 403


def test_a_student_joins_with_a_typed_code(app, client, course, password):
    sign_in(client, "zed", password)
    token = page_token(client, "/courses")
    typed = f"{course['code'][:4].lower()}-{course['code'][4:].lower()}"
    response = client.post("/courses/join", data={"code": typed, "csrf_token": token})
    assert response.status_code == 302 and response.headers["Location"] == course["path"]
    assert "You joined Attention." in client.get(course["path"]).get_data(as_text=True)
    wrong = client.post("/courses/join", data={"code": "NOPE-NOPE", "csrf_token": token})
    assert wrong.status_code == 404
    assert "No course has this join code" in wrong.get_data(as_text=True)


def test_a_join_link_asks_first_and_joins_on_post_only(app, client, course, password):
    link = f"/courses/join/{course['code']}"
    sign_in(client, "zed", password)
    page = client.get(link).get_data(as_text=True)
    assert "Join Attention?" in page and f'action="{link}"' in page
    assert ("will see the submissions you make to the challenges of its assignments from each "
            "assignment's opening on, and their grades; not your runs, nor your work on other "
            "challenges.") in htmllib.unescape(page)
    assert client.get(course["path"]).status_code == 404  # the GET joined nobody
    response = client.post(link, data={"csrf_token": page_token(client, link)})
    assert response.status_code == 302 and response.headers["Location"] == course["path"]
    assert client.get(course["path"]).status_code == 200
    assert "You are already in this course." in client.get(link).get_data(as_text=True)
    assert client.post(link).status_code == 400  # no CSRF token, no join


def test_a_visitor_with_a_join_link_logs_in_and_comes_back(client, course, password):
    link = f"/courses/join/{course['code']}"
    response = client.get(link)
    assert response.headers["Location"] == f"/login?next=%2Fcourses%2Fjoin%2F{course['code']}"
    login_page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert f'value="{link}"' in login_page
    back = client.post("/login", data={"username": "zed", "password": password, "next": link,
                                       "csrf_token": page_token(client, "/login")})
    assert back.headers["Location"] == link
    assert "Join Attention?" in client.get(link).get_data(as_text=True)


def test_a_newcomer_with_a_join_link_registers_and_comes_back(client, course, password):
    link = f"/courses/join/{course['code']}"
    login_page = client.get(client.get(link).headers["Location"]).get_data(as_text=True)
    register = htmllib.unescape(re.search(r'href="(/register\?next=[^"]+)"', login_page).group(1))
    form = client.get(register).get_data(as_text=True)
    assert f'value="{link}"' in form
    created = client.post("/register", data={
        "username": "newbie", "password": password, "confirm": password, "next": link,
        "csrf_token": page_token(client, register)})
    assert created.status_code == 302 and created.headers["Location"] == link
    foreign = client.post("/register", data={
        "username": "other", "password": password, "confirm": password,
        "next": "https://evil.example/", "csrf_token": page_token(client, "/register")})
    assert foreign.headers["Location"] == "/"


def test_an_unknown_join_code_is_a_clear_404(client, login):
    login("ann")
    response = client.get("/courses/join/ZZZZ9999")
    assert response.status_code == 404
    assert "No course has this join code" in response.get_data(as_text=True)


def test_a_course_is_found_by_its_members_only(client, course, password, make_user):
    sign_in(client, "zed", password)
    assert client.get(course["path"]).status_code == 404
    assert client.get("/courses/99999").status_code == 404
    sign_in(client, "ian", password)  # an instructor, but not of this course
    assert client.get(course["path"]).status_code == 404


def test_a_student_sees_assignments_but_no_gradebook_or_code(client, course, password):
    sign_in(client, "sam", password)
    response = client.get(course["path"])
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and "Week 1" in page and "Week 9" not in page
    assert '<time datetime="2026-11-30T00:00:00Z" data-local="long">' in page
    for hidden in ('data-testid="gradebook"', 'data-testid="join-code-value"', course["code"],
                   'data-testid="regrade-progress"', 'data-testid="assignment-form"', "sue"):
        assert hidden not in page


def test_an_instructor_sees_the_code_the_link_the_members_and_the_gradebook(
        client, course, password, make_user):
    sign_in(client, "ivy", password)
    response = client.get(course["path"])
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert f'data-testid="join-code-value">{course["code"]}</code>' in page
    assert f'value="http://localhost/courses/join/{course["code"]}"' in page
    assert "Week 9" in page  # not open yet, but its instructors see it
    assert 'data-testid="gradebook"' in page and 'data-testid="regrade-progress"' in page
    assert re.search(r'data-sort="challenge" data-challenge="softmax"', page)
    assert [m for m in re.findall(r'<tr data-student="(\w+)"', page)] == ["sam", "sue"]
    assert f'href="/api/v1/courses/{course["id"]}/gradebook.csv"' in page
    assert f'href="/api/v1/courses/{course["id"]}/gradebook"' in page
    assert re.findall(r'<tr data-member="(\w+)" data-role="(\w+)"', page) == [
        ("ivy", "instructor"), ("sam", "student"), ("sue", "student")]
    for tag in re.findall(r"<script\b[^>]*>", page):  # data, or a file: never inline code
        assert 'type="application/json"' in tag or "src=" in tag
    make_user("ada", "admin")
    sign_in(client, "ada", password)  # an admin who is no member manages it too
    assert 'data-testid="gradebook"' in client.get(course["path"]).get_data(as_text=True)


def test_an_instructor_moves_an_assignment_to_the_published_version(
        app, client, course, password, publish_files, tiny_files, tiny_valid_files):
    """The course page shows each challenge's pinned version; when another is published, a
    button moves the assignment to it, and another also regrades the course against it."""
    publish_files("ivy", tiny_files)
    with app.app_context():
        week = create_assignment(_user("ivy"), course["id"], AssignmentFields(
            "Week 2", ["running-max"], OPENS, DUE)).id
    move = f"{course['path']}/assignments/{week}/version"
    sign_in(client, "ivy", password)

    def shown() -> tuple[str, str]:
        page = client.get(course["path"]).get_data(as_text=True)
        item = re.search(r'<li data-challenge="running-max">(.*?)</li>', page, re.S).group(1)
        return re.search(r'data-testid="pinned-version" data-version="(\d+)"', item).group(1), item

    assert shown()[0] == "1" and 'data-testid="move-version"' not in shown()[1]
    publish_files("ivy", tiny_valid_files)
    version, item = shown()
    assert version == "1" and f'action="{move}"' in item and "Move to version 2" in item
    moved = client.post(move, data={"challenge": "running-max",
                                    "csrf_token": page_token(client, course["path"])})
    assert moved.status_code == 302
    assert shown()[0] == "2" and 'data-testid="move-version"' not in shown()[1]

    publish_files("ivy", {**tiny_valid_files, "statement.en.md": "# Running maximum, again\n"})
    regraded = client.post(move, data={"challenge": "running-max", "regrade": "1",
                                       "csrf_token": page_token(client, course["path"])})
    with app.app_context():
        regrade = db.session.scalar(select(Regrade))
        assert (regrade.course_id, regrade.version.number, regrade.requested_by) == (
            course["id"], 3, _user("ivy").id)
    assert regraded.headers["Location"] == f"{course['path']}?regrade={regrade.id}#gradebook"
    followed = client.get(regraded.headers["Location"]).get_data(as_text=True)
    assert f'data-following="/api/v1/regrades/{regrade.id}"' in followed  # the script follows
    assert client.post(move, data={"challenge": "softmax"}).status_code == 400  # no CSRF
    sign_in(client, "sam", password)
    page = client.get(course["path"]).get_data(as_text=True)
    assert 'data-testid="pinned-version"' not in page
    assert client.post(move, data={"challenge": "running-max", "csrf_token": page_token(
        client, course["path"])}).status_code == 403


def test_the_gradebook_cells(app, client, course, password):
    graded(app, "sam", "softmax", "wrong_answer", DUE - timedelta(hours=2))
    graded(app, "sam", "softmax", "accepted", DUE - timedelta(hours=1))
    graded(app, "sam", "softmax", "wrong_answer", DUE + timedelta(hours=1))
    graded(app, "sue", "scaled-scores", "runtime_error", DUE - timedelta(hours=1))
    graded(app, "sue", "scaled-scores", "accepted", DUE + timedelta(seconds=1))
    sign_in(client, "ivy", password)
    page = client.get(course["path"]).get_data(as_text=True)

    on_time = cell(page, "sam", "softmax")
    assert 'data-verdict="accepted" data-late="false"' in on_time
    assert ">Accepted</a>" in on_time and "3 attempts" in on_time
    assert '<time datetime="2026-12-01T13:59:00Z">2026-12-01 13:59 UTC</time>' in on_time
    assert (f'href="/submissions?course={course["id"]}&amp;student=sam&amp;'
            'challenge=softmax"') in on_time

    late = cell(page, "sue", "scaled-scores")
    assert 'data-late="true"' in late and '<span class="late">late</span>' in late
    assert "2 attempts" in late and "2026-12-01 14:59 UTC" in late

    assert cell(page, "sam", "scaled-scores") == (
        '<td data-challenge="scaled-scores" data-verdict="" data-points="0"></td>')
    assert 'data-points="1"><span class="points">1</span>' in on_time
    assert re.search(r'<tr data-student="sam" data-total="1">', page)
    assert re.search(r'<th scope="colgroup" colspan="2">Week 1</th>', page)
    row = re.search(r'<tr data-student="sam"[^>]*>(.*?)</tr>', page, re.S).group(1)
    assert f'<td class="score" data-assignment="{course["week"]}">1</td>' in row
    assert row.endswith('<td class="total">1</td>')
    assert re.search(r'data-testid="points-possible">/ 3</small>', page)  # 2 + Week 9's 1

    link = htmllib.unescape(re.search(r'href="(/submissions\?[^"]+student=sam[^"]+)"',
                                      on_time).group(1))
    listed = client.get(link).get_data(as_text=True)
    assert len(re.findall(r'<tr data-submission-id=', listed)) == 3


def test_an_assignment_with_points_and_a_late_penalty(app, client, course, password):
    sign_in(client, "ivy", password)
    form = {"title": "Week 3", "challenges": ["softmax", "scaled-scores"],
            "opens_at": "2026-12-07T09:00", "due_at": "2026-12-08T09:00",
            "late_policy": "marked", "points-softmax": "2.5", "points-scaled-scores": "",
            "late_percent_per_day": "10", "late_max_percent": "30",
            "csrf_token": page_token(client, course["path"])}
    assert client.post(f"{course['path']}/assignments", data=form).status_code == 302
    with app.app_context():
        made = db.session.scalar(select(Assignment).where(Assignment.title == "Week 3"))
        assert {i.challenge.slug: i.points for i in made.items} == {
            "softmax": 2.5, "scaled-scores": 1}
        assert (made.late_percent_per_day, made.late_max_percent) == (10, 30)
    refused = client.post(f"{course['path']}/assignments", data={
        **form, "title": "Week 4", "points-softmax": "-1",
        "csrf_token": page_token(client, course["path"])})
    assert refused.status_code == 422
    assert "must be worth 0 to 1000 points" in refused.get_data(as_text=True)
    assert client.post(f"{course['path']}/assignments", data={
        **form, "title": "Week 4", "late_percent_per_day": "101",
        "csrf_token": page_token(client, course["path"])}).status_code == 422


def test_an_assignment_typed_in_the_readers_time_zone(app, client, course, password):
    sign_in(client, "ivy", password)
    token = page_token(client, course["path"])
    response = client.post(f"{course['path']}/assignments", data={
        "title": "Week 2", "challenges": ["softmax", "scaled-scores"],
        "order": "scaled-scores,softmax",  # ticked in this order (the script keeps it)
        "opens_at": "2026-12-07T09:00", "opens_at_offset": "540",  # 09:00 in Seoul
        "due_at": "2026-12-07T18:30", "due_at_offset": "-300",  # 18:30 in New York
        "late_policy": "not_counted", "csrf_token": token})
    assert response.status_code == 302, response.get_data(as_text=True)
    with app.app_context():
        made = db.session.scalar(select(Assignment).where(Assignment.title == "Week 2"))
        assert made.opens_at == datetime(2026, 12, 7, 0, 0, tzinfo=UTC)
        assert made.due_at == datetime(2026, 12, 7, 23, 30, tzinfo=UTC)
        assert [i.challenge.slug for i in made.items] == ["scaled-scores", "softmax"]
        assert made.late_policy == "not_counted"


def test_without_a_script_an_assignment_is_read_in_utc(app, client, course, password):
    sign_in(client, "ivy", password)
    token = page_token(client, course["path"])
    page = client.get(course["path"]).get_data(as_text=True)
    assert 'type="datetime-local"' in page and 'data-offset-for="opens_at"' in page
    assert "read in UTC" in page
    response = client.post(f"{course['path']}/assignments", data={
        "title": "Week 3", "challenges": ["softmax", "scaled-scores"], "order": "",
        "opens_at": "2026-12-14T09:00", "due_at": "2026-12-15T09:00",
        "late_policy": "marked", "csrf_token": token})
    assert response.status_code == 302
    with app.app_context():
        made = db.session.scalar(select(Assignment).where(Assignment.title == "Week 3"))
        assert made.opens_at == datetime(2026, 12, 14, 9, 0, tzinfo=UTC)
        assert [i.challenge.slug for i in made.items] == ["softmax", "scaled-scores"]


@pytest.mark.parametrize(("changed", "message"), [
    ({"due_at": "2026-12-07T08:00"}, "The due time must come after the opening."),
    ({"challenges": []}, "Choose at least one challenge."),
    ({"opens_at": "tomorrow"}, "Not a valid datetime value."),
    ({"opens_at_offset": "9000"}, "Not a time zone offset."),
    # Found by the red team: each was a 500, the offset taken away past year 1 or 9999.
    ({"opens_at": "0001-01-01T00:00", "opens_at_offset": "840"}, OUT_OF_BOUNDS),
    ({"due_at": "9999-12-31T23:59", "due_at_offset": "-840"}, OUT_OF_BOUNDS),
    ({"opens_at": "1969-12-31T23:59"}, OUT_OF_BOUNDS),
    ({"due_at": "3000-01-01T00:00"}, OUT_OF_BOUNDS),
])
def test_an_assignment_that_cannot_be_kept_is_explained(client, course, password, changed,
                                                        message):
    sign_in(client, "ivy", password)
    data = {"title": "Week 2", "challenges": ["softmax"], "opens_at": "2026-12-07T09:00",
            "due_at": "2026-12-08T09:00", "late_policy": "marked",
            "csrf_token": page_token(client, course["path"]), **changed}
    response = client.post(f"{course['path']}/assignments", data=data)
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)


def test_a_student_cannot_add_an_assignment(client, course, password):
    sign_in(client, "sam", password)
    response = client.post(f"{course['path']}/assignments", data={
        "title": "Mine", "challenges": ["softmax"], "opens_at": "2026-12-07T09:00",
        "due_at": "2026-12-08T09:00", "late_policy": "marked",
        "csrf_token": page_token(client, course["path"])})
    assert response.status_code == 403


def test_members_co_instructors_and_removal(app, client, course, password):
    sign_in(client, "ivy", password)
    token = page_token(client, course["path"])
    path = course["path"]
    added = client.post(f"{path}/instructors", data={"username": "ian", "csrf_token": token})
    assert added.status_code == 302
    page = client.get(path).get_data(as_text=True)
    assert "ian now teaches this course." in page and 'data-member="ian" data-role="instructor"' \
        in page
    student = client.post(f"{path}/instructors", data={"username": "zed", "csrf_token": token})
    assert student.status_code == 422 and "zed is a student account" in student.get_data(
        as_text=True)
    nobody = client.post(f"{path}/instructors", data={"username": "nobody", "csrf_token": token})
    assert nobody.status_code == 422 and "No account is called nobody." in nobody.get_data(
        as_text=True)
    removed = client.post(f"{path}/members/sue/remove", data={"csrf_token": token})
    assert removed.status_code == 302
    assert 'data-member="sue"' not in client.get(path).get_data(as_text=True)
    client.post(f"{path}/members/ian/remove", data={"csrf_token": token})
    last = client.post(f"{path}/members/ivy/remove", data={"csrf_token": token},
                       follow_redirects=True)
    assert "keeps at least one instructor" in last.get_data(as_text=True)
    with app.app_context():
        names = {m.user.username for m in db.session.scalars(
            select(CourseMember).where(CourseMember.course_id == course["id"]))}
    assert names == {"ivy", "sam"}
    sign_in(client, "sam", password)
    refused = client.post(f"{path}/members/ivy/remove", data={"csrf_token": page_token(client)})
    assert refused.status_code == 403


def test_the_submission_list_shows_a_student_their_own(app, client, course, password):
    mine = graded(app, "sam", "softmax", "accepted", DUE)
    graded(app, "sue", "softmax", "accepted", DUE)
    sign_in(client, "sam", password)
    page = client.get("/submissions").get_data(as_text=True)
    assert re.findall(r'data-submission-id="(\d+)"', page) == [str(mine)]
    assert f'href="/submissions/{mine}"' in page


def test_the_submission_list_filters_and_pages(app, client, course, password, monkeypatch):
    monkeypatch.setattr("arena.web.submissions.PAGE_SIZE", 2)
    made = [graded(app, "sam", "softmax", "wrong_answer", DUE - timedelta(hours=5 - i))
            for i in range(3)]
    accepted = graded(app, "sam", "scaled-scores", "accepted", DUE)
    other = graded(app, "sue", "softmax", "accepted", DUE + timedelta(hours=1))
    graded(app, "zed", "softmax", "accepted", DUE)  # not in the course
    sign_in(client, "ivy", password)
    ids = lambda page: [int(i) for i in re.findall(r'data-submission-id="(\d+)"', page)]  # noqa: E731

    first = client.get(f"/submissions?course={course['id']}&student=sam&challenge=softmax")
    page = first.get_data(as_text=True)
    assert first.status_code == 200 and ids(page) == [made[2], made[1]]
    older = htmllib.unescape(re.search(r'href="([^"]+)" rel="next"', page).group(1))
    assert f"before={made[1]}" in older and "student=sam" in older and "challenge=softmax" in older
    last = client.get(older).get_data(as_text=True)
    assert ids(last) == [made[0]] and 'rel="next"' not in last
    assert 'data-testid="first-page"' in last

    assert ids(client.get("/submissions?verdict=accepted&course="
                          f"{course['id']}").get_data(as_text=True)) == [other, accepted]
    since = "/submissions?since=2026-12-01T23:59&since_offset=540"  # 14:59 UTC, the due time
    assert ids(client.get(since).get_data(as_text=True)) == [other, accepted]
    until = "/submissions?until=2026-12-01T14:59:00%2B00:00&student=sam"
    assert ids(client.get(until).get_data(as_text=True)) == made[::-1][:2]
    assert client.get("/submissions?since=yesterday").status_code == 422
    assert client.get("/submissions?course=99999").status_code == 404


@pytest.mark.parametrize(("query", "message"), [
    ("since=0001-01-01T00:00:00%2B14:00", OUT_OF_BOUNDS),  # the red team's 500s
    ("until=9999-12-31T23:59:59-14:00", OUT_OF_BOUNDS),
    ("since=0001-01-01T00:00&since_offset=840", OUT_OF_BOUNDS),
    ("until=9999-12-31T23:59&until_offset=-840", OUT_OF_BOUNDS),
    ("since=1969-12-31T23:59:59Z", OUT_OF_BOUNDS),
    (f"course={2**31}", "Not a valid number."),
    (f"course={10**17}", "Not a valid number."),
    (f"before={2**31}", "Not a valid number."),
    ("before=0", "Not a valid number."),
])
def test_the_submission_list_refuses_times_and_ids_past_the_bounds(client, course, password,
                                                                   query, message):
    sign_in(client, "ivy", password)
    response = client.get(f"/submissions?{query}")
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)


def test_a_statement_reached_from_a_course_past_the_ids_is_the_statement(client, course,
                                                                         password):
    sign_in(client, "sam", password)
    for course_id in (2**31, 2**70, -1):
        response = client.get(f"/challenges/softmax?course={course_id}")
        assert response.status_code == 200
        assert 'class="assignment-note"' not in response.get_data(as_text=True)


def test_the_statement_shows_the_due_date_when_reached_from_a_course(client, course, password):
    sign_in(client, "sam", password)
    page = client.get(f"/challenges/softmax?course={course['id']}").get_data(as_text=True)
    note = re.search(r'<p class="assignment-note".*?</p>', page, re.S).group(0)
    assert "Week 1" in note and "Attention" in note
    assert '<time datetime="2026-12-01T14:59:00Z" data-local="long">2026-12-01 14:59 UTC</time>' \
        in note
    for other in (f"/challenges/causal-attention?course={course['id']}",  # in an unopened one
                  f"/challenges/layer-norm?course={course['id']}",  # in none
                  "/challenges/softmax?course=99999", "/challenges/softmax?course=x",
                  "/challenges/softmax"):
        response = client.get(other)
        assert response.status_code == 200 and "assignment-note" not in response.get_data(
            as_text=True), other
    sign_in(client, "zed", password)  # no member
    response = client.get(f"/challenges/softmax?course={course['id']}")
    assert response.status_code == 200 and "assignment-note" not in response.get_data(
        as_text=True)


def test_the_course_pages_speak_korean(app, client, course, password):
    graded(app, "sue", "scaled-scores", "accepted", DUE + timedelta(seconds=1))
    sign_in(client, "ivy", password)
    korean = {"Accept-Language": "ko"}
    page = client.get(course["path"], headers=korean).get_data(as_text=True)
    assert "성적표" in page and "과제 추가" in page and "참여 코드" in page
    assert '<span class="late">늦음</span>' in page and "시도 1회" in page
    assert "내 강좌" in client.get("/courses", headers=korean).get_data(as_text=True)
    assert "제출 목록" in client.get("/submissions", headers=korean).get_data(as_text=True)


def test_the_course_model_is_untouched_by_a_get(app, client, course, password):
    """Reading every page changes nothing: no membership, no assignment."""
    sign_in(client, "zed", password)
    for path in ("/courses", f"/courses/join/{course['code']}", "/submissions"):
        client.get(path)
    with app.app_context():
        assert db.session.get(Course, course["id"]) is not None
        assert db.session.scalar(select(CourseMember).where(
            CourseMember.user_id == _user("zed").id)) is None


def test_the_roster_names_students_for_the_exports(app, client, course, password):
    """A student saves their own name and e-mail; an instructor adds the student number,
    and a blank field of theirs leaves a value as it is; the members table shows them."""
    roster = f"{course['path']}/roster"
    sign_in(client, "sam", password)
    page = client.get(course["path"]).get_data(as_text=True)
    assert 'data-testid="roster-self"' in page and 'data-testid="roster-member"' not in page
    saved = client.post(roster, data={
        "own": "1", "username": "sam", "display_name": "Sam Lee", "email": "sam@example.org",
        "student_number": "1234", "csrf_token": page_token(client, course["path"])})
    assert saved.status_code == 302 and saved.headers["Location"].endswith("#roster")
    page = client.get(course["path"]).get_data(as_text=True)
    assert 'value="Sam Lee"' in page and 'value="sam@example.org"' in page
    refused = client.post(roster, follow_redirects=True, data={
        "username": "sue", "display_name": "Not Sue", "csrf_token": page_token(
            client, course["path"])}).get_data(as_text=True)
    assert "Nothing was changed" in refused
    bad = client.post(roster, follow_redirects=True, data={
        "own": "1", "username": "sam", "email": "nope", "csrf_token": page_token(
            client, course["path"])}).get_data(as_text=True)
    assert "not an e-mail address" in bad

    sign_in(client, "ivy", password)
    client.post(roster, data={"username": "sam", "display_name": "", "email": "",
                              "student_number": "2026-0042",
                              "csrf_token": page_token(client, course["path"])})
    page = client.get(course["path"]).get_data(as_text=True)
    assert 'data-testid="roster-member"' in page
    row = re.search(r'<tr data-member="sam"[^>]*>(.*?)</tr>', page, re.S).group(1)
    assert re.findall(r"<td>([^<]*)</td>", row)[:3] == ["Sam Lee", "sam@example.org",
                                                       "2026-0042"]
    with app.app_context():
        member = db.session.scalar(select(CourseMember).where(
            CourseMember.course_id == course["id"], CourseMember.user_id == _user("sam").id))
        assert member.student_number == "2026-0042" and member.email == "sam@example.org"


def test_a_student_reads_the_penalty_and_their_own_extension(app, client, course, password):
    with app.app_context():
        update_assignment(_user("ivy"), course["id"], course["week"], AssignmentFields(
            "Week 1", ["softmax", "scaled-scores"], OPENS, DUE,
            late_penalty=LatePenalty(10, 30), extensions={"sam": DUE + timedelta(days=2)}))
    sign_in(client, "sam", password)
    page = client.get(course["path"]).get_data(as_text=True)
    assert '<small data-testid="late-penalty">−10% of its points a started day, at most 30%' \
        in page
    assert re.search(r'data-testid="own-extension">Yours: <time datetime="2026-12-03T14:59:00Z"',
                     page)
    sign_in(client, "sue", password)
    page = client.get(course["path"]).get_data(as_text=True)
    assert 'data-testid="late-penalty"' in page and 'data-testid="own-extension"' not in page
