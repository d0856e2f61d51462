"""The challenge form without JavaScript: Run or Submit posts the textarea, then shows the result.

With JavaScript the page uses the API instead (same session, CSRF header) and never posts this.
"""

from __future__ import annotations

from flask import Blueprint, flash, redirect, request, url_for
from flask_babel import gettext as _
from flask_login import current_user, login_required
from werkzeug.wrappers import Response

from arena.errors import ArenaError
from arena.jobs.intake import submit
from arena.models import Kind

bp = Blueprint("attempts", __name__)


@bp.post("/challenges/<slug>/attempts")
@login_required
def attempt(slug: str) -> Response:
    """Queue the posted code as a run or a submission and show its page."""
    kind = Kind.RUN if request.form.get("action") == "run" else Kind.SUBMISSION
    try:
        submission = submit(current_user, slug, request.form.get("code", ""), kind)
    except ArenaError as error:
        if error.status in (404, 429):  # no such challenge; too much work in hand
            raise
        flash(_("Your code was not accepted: %(reason)s", reason=error.message), "error")
        return redirect(url_for("web.pages.challenge", slug=slug))
    return redirect(url_for("web.pages.submission", submission_id=submission.id))
