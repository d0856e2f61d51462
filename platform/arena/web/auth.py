"""Register, log in and log out: Flask-Login keeps the user and their session version in the
signed session cookie, so that ending a user's sessions (arena.services.users) ends them all."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_login import current_user, login_user, logout_user
from werkzeug.wrappers import Response

from arena.extensions import login_manager
from arena.models import Role, User
from arena.services.users import authenticate, create_user, end_sessions, session_user
from arena.web.forms import LoginForm, RegisterForm
from arena.web.security import safe_next

bp = Blueprint("auth", __name__)


@login_manager.user_loader
def _load_user(session_id: str) -> User | None:
    """Return the user a session names, or None when it names no one or has been ended."""
    return session_user(session_id)


def start_session(user: User) -> None:
    """Log the user in on a fresh session (nothing set before login carries over, the CSRF
    token included)."""
    session.clear()
    login_user(user)


@bp.route("/login", methods=["GET", "POST"])
def login() -> str | Response:
    """Show the login form; log in and go on to the page asked for."""
    form = LoginForm(next=request.args.get("next"))
    if form.validate_on_submit():
        user = authenticate(form.username.data, form.password.data)
        if user is not None:
            start_session(user)
            return redirect(safe_next(form.next.data))
        form.password.errors.append(_("Wrong username or password."))
    return render_template("auth/login.html", form=form)


@bp.route("/register", methods=["GET", "POST"])
def register() -> str | Response:
    """Show the registration form; create a student, log them in and go on to the page
    asked for (a course's join link, say), else the catalog."""
    form = RegisterForm(next=request.args.get("next"))
    if form.validate_on_submit():
        try:
            user = create_user(form.username.data, Role.STUDENT, password=form.password.data)
        except ValueError:  # the form checked the format, so the name is taken
            form.username.errors.append(_("This username is taken, or looks too much like "
                                          "one that is."))
        else:
            start_session(user)
            flash(_("Welcome, %(name)s! Start with the lesson or pick a challenge.",
                    name=user.username), "success")
            return redirect(safe_next(form.next.data, url_for("web.pages.catalog")))
    return render_template("auth/register.html", form=form)


@bp.post("/logout")
def logout() -> Response:
    """Log out everywhere: every session of the user ends, not only this browser's (a POST
    with the CSRF token: a link on another site cannot log you out)."""
    if current_user.is_authenticated:
        end_sessions(current_user)
        logout_user()
        session.clear()
    response = redirect(url_for("web.pages.catalog"))
    # The browser forgets what the site kept in it (the editor's local copies of drafts), so
    # the next person at this computer finds none of this learner's code; cookies stay (the
    # language chosen). The challenge page's script also clears them as the form is sent.
    response.headers["Clear-Site-Data"] = '"storage"'
    return response


def init_app() -> None:
    """Send visitors who need an account to the login page, with a translated message."""
    login_manager.login_view = "web.auth.login"
    login_manager.login_message = _l("Log in to see this page.")
    login_manager.login_message_category = "info"
