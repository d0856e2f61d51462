"""A forgotten password: a reset link by e-mail when the site sends mail, one issued by an
instructor for their student (from a course's members), and the page of a one-time link that
sets a new password.

The forgot page answers the same whether or not the account exists, has an address, or is
active; it is rate-limited per client address (arena.ratelimit).
"""

from __future__ import annotations

from flask import (
    Blueprint,
    current_app,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import format_decimal
from flask_babel import gettext as _
from flask_login import current_user, login_required
from werkzeug.wrappers import Response

from arena.errors import ArenaError
from arena.services.mail import mail_enabled, public_link, send_later
from arena.services.resets import (
    Issued,
    issue_reset_for,
    live_reset,
    request_by_mail,
    use_reset,
)
from arena.web.forms import AccountActionForm, ForgotForm, ResetForm
from arena.web.security import safe_next

bp = Blueprint("passwords", __name__)


def reset_path(token: str) -> str:
    """Return the path of a reset link's page."""
    return url_for("web.passwords.reset", token=token)


def reset_link(token: str) -> str:
    """Return a reset link for its issuer to hand on (public_link)."""
    return public_link(current_app.config, reset_path(token), request.host_url)


def _private(page: str, status: int = 200) -> Response:
    """Answer a page that no cache may keep (it holds or follows a reset link)."""
    response = make_response(page, status)
    response.headers["Cache-Control"] = "no-store"
    return response


def _mail_link(issued: Issued) -> None:
    """Mail a reset link to its account's address, in the reader's language."""
    config = current_app.config
    send_later(config, issued.user.email, _("Reset your Attention Arena password"),
               _("Someone, probably you, asked to reset the password of %(name)s on Attention "
                 "Arena. Open this link to choose a new one; it works once, for %(hours)s "
                 "hours:\n\n%(link)s\n\nIf you did not ask, ignore this e-mail: your password "
                 "stays as it is.", name=issued.user.username,
                 hours=format_decimal(config["PASSWORD_RESET_HOURS"]),
                 link=public_link(config, reset_path(issued.token))))


@bp.route("/password/forgot", methods=["GET", "POST"])
def forgot() -> Response:
    """Ask for a reset link by e-mail; say the same whatever became of it."""
    form = ForgotForm()
    mail = mail_enabled(current_app.config)
    sent = False
    if mail and form.validate_on_submit():
        issued = request_by_mail(form.username.data)
        if issued is not None:
            _mail_link(issued)
        sent = True
        form = ForgotForm(formdata=None)  # the page shows nothing of what was typed
    return _private(render_template("auth/forgot.html", form=form, mail=mail, sent=sent))


@bp.route("/password/reset/<token>", methods=["GET", "POST"])
def reset(token: str) -> Response:
    """Show the new-password form of a live link, and set the password once."""
    if live_reset(token) is None:
        return _private(render_template("auth/reset.html", form=None), 404)
    form = ResetForm()
    if form.validate_on_submit():
        if use_reset(token, form.password.data) is None:
            return _private(render_template("auth/reset.html", form=None), 404)
        flash(_("Your password was set. Log in with it."), "success")
        return redirect(url_for("web.auth.login"))
    return _private(render_template("auth/reset.html", form=form),
                    422 if form.errors else 200)


@bp.post("/password/reset-links")
@login_required
def issue() -> Response:
    """Issue a reset link for a student of the caller's (an admin: anyone) and show it, once;
    anyone else gets 403."""
    form = AccountActionForm()
    if not form.validate_on_submit():
        raise ArenaError("this form is not valid")
    issued = issue_reset_for(form.username.data, by=current_user)
    return _private(render_template("auth/issued.html", username=issued.user.username,
                                    link=reset_link(issued.token), back=safe_next(
                                        request.form.get("next"), url_for("web.courses.index"))))
