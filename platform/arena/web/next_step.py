"""The challenge page's next step: where to go after solving it, and its editorial (locked,
or its text with the common bugs), as the _next_step.html include shows them."""

from __future__ import annotations

from flask import current_app, url_for

from arena.models import Challenge, User
from arena.presenters import challenge_title
from arena.presenters.editorials import present_editorial
from arena.services.editorials import editorial_access
from arena.services.next_step import next_step
from arena.web.labels import SCRIPT_TEXTS
from arena.web.markdown import render_statement


def next_step_context(user: User | None, challenge: Challenge, solved: bool,
                      lang: str) -> dict:
    """Return what _next_step.html shows on `challenge`'s page to `user` (None: a visitor)."""
    step = next_step(user, challenge) if user else None
    following = step.next_challenge if step else None
    access = editorial_access(user, challenge) if user else None
    shown = present_editorial(challenge, lang) if access and access.unlocked else None
    return {
        "solved": solved, "step": step,
        "next_title": challenge_title(following, lang) if following else None,
        "next_url": url_for("web.pages.challenge", slug=following.slug) if following else None,
        "editorial_url": url_for("api.editorials.editorial_view", slug=challenge.slug),
        "attempts_needed": current_app.config["EDITORIAL_AFTER_ATTEMPTS"],
        "access": access, "editorial": shown,
        "locked_text": locked_text(access.attempts_left) if access else None,
        "editorial_html": (render_statement(shown["markdown"], drop_title=False)
                           if shown and shown["markdown"] else None),
    }


def locked_text(attempts_left: int) -> str:
    """Say how to unlock the editorial (the words the page's script uses too)."""
    if attempts_left == 1:
        return str(SCRIPT_TEXTS["editorial_locked_one"])
    return str(SCRIPT_TEXTS["editorial_locked_many"]).format(count=attempts_left)
