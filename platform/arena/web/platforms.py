"""The admins' page of learning platforms (LTI 1.3): the ones registered, a form to register
one, and the addresses to enter on the platform's side (arena.lti.platforms decides)."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from arena.errors import ArenaError
from arena.lti.platforms import Registration, list_platforms, register_platform
from arena.web.admin import admins_only
from arena.web.forms import PlatformForm
from arena.web.lti import tool_urls

bp = Blueprint("platforms", __name__, url_prefix="/admin/lti")


@bp.route("", methods=["GET", "POST"])
@admins_only
def platforms() -> tuple[str, int] | Response:
    """List the platforms; register one from the form."""
    form = PlatformForm()
    if form.validate_on_submit():
        entry = Registration(
            form.issuer.data, form.client_id.data, form.key_set_url.data,
            form.auth_login_url.data, form.access_token_url.data,
            form.deployment_ids.data.splitlines(), form.name.data or "")
        try:
            register_platform(entry)
        except ArenaError as exc:
            form.issuer.errors.append(exc.message)
        else:
            flash(_("The platform is registered."), "success")
            return redirect(url_for("web.platforms.platforms"))
    status = 422 if form.errors else 200
    return render_template("admin/platforms.html", form=form, platforms=list_platforms(),
                           urls=tool_urls()), status
