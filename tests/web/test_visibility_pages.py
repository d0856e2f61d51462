"""The pages by a challenge's visibility: the catalog lists what its reader may see, the
challenge page is not found by others, a course page shows its own private challenges to its
members; and the editor a new challenge starts in (the CLI's template, the visibility, the
track titles in every content language)."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from arena.extensions import db
from arena.models import Challenge, User, Visibility
from arena.services.authoring import create_challenge
from arena.services.courses import add_instructor, create_course, join_course
from arena.services.versions import publish
from graders.authoring.scaffold import template_files
from graders.locales import content_locales
from tests.web.test_instructor_pages import script_data, sign_in

SLUG = "running-max"


@pytest.fixture
def private(app, make_user, tiny_files) -> int:
    """Olga's published challenge, private to her courses, and her course that stu joined;
    return the course's id (zoe, a student, is in no course of hers)."""
    for name, role in (("olga", "instructor"), ("stu", "student"), ("zoe", "student")):
        make_user(name, role)
    with app.app_context():
        users = {u.username: u for u in db.session.scalars(select(User))}
        version = create_challenge(users["olga"], {p: t.encode() for p, t in tiny_files.items()})
        publish(version.challenge, version, proven=True)
        course = create_course(users["olga"], "Attention 101")
        join_course(users["stu"], course.join_code)
        db.session.commit()
        return course.id


def _catalog_lists(client) -> bool:
    return f'href="/challenges/{SLUG}"' in client.get("/").get_data(as_text=True)


def test_a_member_sees_the_private_challenge_and_others_meet_404(client, private, password):
    assert not _catalog_lists(client)
    assert client.get(f"/challenges/{SLUG}").status_code == 404
    sign_in(client, "zoe", password)
    assert not _catalog_lists(client)
    assert client.get(f"/challenges/{SLUG}").status_code == 404
    assert client.get(f"/courses/{private}").status_code == 404
    sign_in(client, "stu", password)
    assert _catalog_lists(client)
    assert client.get(f"/challenges/{SLUG}").status_code == 200
    course = client.get(f"/courses/{private}").get_data(as_text=True)
    section = re.search(r'data-testid="course-challenges">(.*?)</section>', course, re.S)
    assert section and f'href="/challenges/{SLUG}?course={private}"' in section.group(1)


def test_an_unlisted_challenge_opens_by_its_link_only(app, client, private):
    with app.app_context():
        challenge = db.session.scalar(select(Challenge).where(Challenge.slug == SLUG))
        challenge.visibility = Visibility.UNLISTED
        db.session.commit()
    assert not _catalog_lists(client)
    assert client.get(f"/challenges/{SLUG}").status_code == 200


def test_a_course_without_private_challenges_shows_no_such_section(app, client, private,
                                                                    password):
    with app.app_context():
        challenge = db.session.scalar(select(Challenge).where(Challenge.slug == SLUG))
        challenge.visibility = Visibility.PUBLIC
        db.session.commit()
    sign_in(client, "stu", password)
    assert 'data-testid="course-challenges"' not in client.get(
        f"/courses/{private}").get_data(as_text=True)


def test_the_new_challenge_starts_from_the_clis_template(client, login):
    login("ida", "instructor")
    html = client.get("/instructor/challenges/new").get_data(as_text=True)
    assert script_data(html, "author-data")["template"] == template_files("")
    checked = re.findall(r'name="visibility" value="(\w+)"[^>]*?( checked)?>', html)
    assert [value for value, _ in checked] == ["course", "unlisted", "public"]
    assert [value for value, mark in checked if mark] == ["course"]
    for locale in content_locales():
        assert f'name="track_title_{locale}"' in html


def test_an_assignment_offers_a_private_challenge_in_its_authors_courses_only(
        app, client, private, make_user, password):
    make_user("ivan", "instructor")
    with app.app_context():
        users = {u.username: u for u in db.session.scalars(select(User))}
        add_instructor(users["olga"], private, "ivan")  # he sees olga's challenge ...
        his = create_course(users["ivan"], "Ivan's class").id  # ... his students would not
    sign_in(client, "olga", password)
    assert f'value="{SLUG}"' in client.get(f"/courses/{private}").get_data(as_text=True)
    sign_in(client, "ivan", password)
    assert f'value="{SLUG}"' in client.get(f"/courses/{private}").get_data(as_text=True)
    assert f'value="{SLUG}"' not in client.get(f"/courses/{his}").get_data(as_text=True)
