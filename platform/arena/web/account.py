"""The account page: API tokens for `arena submit` and curl, created and revoked here, a
new password (which ends every other session) and the e-mail address a reset is sent to.

CSRFProtect checks every POST here before the view runs.
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
from flask_babel import gettext as _
from flask_login import current_user, login_required
from werkzeug.wrappers import Response

from arena.errors import Conflict
from arena.services.catalog import list_challenges
from arena.services.mail import mail_enabled
from arena.services.users import (
    change_password,
    create_token,
    list_tokens,
    revoke_token,
    set_email,
)
from arena.web.auth import start_session
from arena.web.client_archive import client_archive
from arena.web.forms import EmailForm, PasswordForm

bp = Blueprint("account", __name__)
EXAMPLE_SLUG = "softmax"


def _render(new_token: str | None = None, password_form: PasswordForm | None = None,
            email_form: EmailForm | None = None, status: int = 200) -> Response:
    """Render the account page; a new token is in this one response, never stored."""
    challenges = list_challenges(current_user)
    slug = EXAMPLE_SLUG if any(c.slug == EXAMPLE_SLUG for c in challenges) else (
        challenges[0].slug if challenges else EXAMPLE_SLUG)
    page = render_template("account.html", tokens=list_tokens(current_user),
                           new_token=new_token, base_url=request.host_url.rstrip("/"),
                           slug=slug, password_form=password_form or PasswordForm(),
                           email_form=email_form or EmailForm(email=current_user.email),
                           mail=mail_enabled(current_app.config))
    response = make_response(page, status)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/client/arena.pyz")
def client() -> Response:
    """Serve the command-line client as one file that Python runs (client_archive)."""
    response = make_response(client_archive())
    response.headers["Content-Type"] = "application/zip"
    response.headers["Content-Disposition"] = 'attachment; filename="arena.pyz"'
    return response


@bp.get("/account")
@login_required
def account() -> Response:
    """Show the user's live tokens and how to submit with them."""
    return _render()


@bp.post("/account/tokens")
@login_required
def create() -> Response:
    """Create a token and show it once, in this response; at the cap of live tokens, say so."""
    most = current_app.config["MAX_TOKENS_PER_USER"]
    try:
        token = create_token(current_user.username, most)
    except Conflict:
        flash(_("An account may hold at most %(most)s live tokens: revoke one before you "
                "create another.", most=most), "error")
        return _render(status=409)
    return _render(new_token=token)


@bp.post("/account/tokens/<int:token_id>/revoke")
@login_required
def revoke(token_id: int) -> Response:
    """Revoke one of the user's tokens."""
    revoke_token(current_user, token_id)
    flash(_("The token was revoked: it no longer works."), "success")
    return redirect(url_for("web.account.account"))


@bp.post("/account/password")
@login_required
def password() -> Response:
    """Change the password: every session ends, and this one starts again at once."""
    form = PasswordForm()
    if not form.validate_on_submit():
        return _render(password_form=form, status=422)
    user = current_user._get_current_object()
    if not change_password(user, form.current.data, form.password.data):
        form.current.errors.append(_("This is not your current password."))
        return _render(password_form=form, status=422)
    start_session(user)
    flash(_("Your password was changed; your other sessions have ended."), "success")
    return redirect(url_for("web.account.account"))


@bp.post("/account/email")
@login_required
def email() -> Response:
    """Set or clear the address a password reset is sent to."""
    form = EmailForm()
    if not form.validate_on_submit():
        return _render(email_form=form, status=422)
    set_email(current_user, form.email.data or "")
    flash(_("Your e-mail address was saved.") if current_user.email
          else _("Your account has no e-mail address now."), "success")
    return redirect(url_for("web.account.account"))
