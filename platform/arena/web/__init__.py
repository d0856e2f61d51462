"""The web pages: catalog, lesson, challenges, submissions, courses, accounts, in English and
Korean.

Views are thin: they call the services and render templates. The interactive parts (editor,
live results, heatmaps) are the front-end bundle in `static/dist/`, built from `frontend/`.
"""

from __future__ import annotations

import json

from flask import Blueprint, Flask

from arena.extensions import csrf, login_manager
from arena.presenters import challenge_summary, localized
from arena.services.catalog import track_titles
from arena.web import (
    account,
    admin,
    api_docs,
    attempts,
    auth,
    bundle,
    course_changes,
    courses,
    errors,
    i18n,
    insights,
    instructor,
    lti,
    pages,
    passwords,
    platforms,
    security,
    submissions,
)
from arena.web.labels import (
    DIFFICULTIES,
    STATUSES,
    VERDICTS,
    interface_messages,
    label,
)


def init_app(app: Flask) -> None:
    """Register the pages with sessions, CSRF protection, translations and security headers."""
    security.init_app(app)
    lti.init_app(app)
    bundle.init_app(app)
    i18n.init_app(app)
    csrf.init_app(app)
    login_manager.init_app(app)
    auth.init_app()
    web = Blueprint("web", __name__, template_folder="templates")
    for area in (pages, attempts, auth, passwords, account, admin, instructor, courses,
                 course_changes, insights, submissions, i18n, api_docs, lti, platforms):
        web.register_blueprint(area.bp)
    errors.init_app(app, web)
    app.register_blueprint(web)
    app.jinja_env.globals.update(
        verdict_label=lambda code: label(VERDICTS, code),
        status_label=lambda code: label(STATUSES, code),
        track_label=lambda name: localized(track_titles(pages.viewer()).get(name),
                                           i18n.current_locale()) or name,
        difficulty_label=lambda code: label(DIFFICULTIES, code),
        challenge_summary=lambda challenge: challenge_summary(challenge, i18n.current_locale()),
        interface_messages=interface_messages)
    # Data shown as text (autoescaped), unlike |tojson, which is for <script> elements.
    app.jinja_env.filters["as_json"] = lambda value: json.dumps(value, ensure_ascii=False)
