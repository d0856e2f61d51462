"""The LTI 1.3 endpoints a platform calls (arena.lti): our key set, login initiation, the
launch and deep linking. A launch signs its user in on a session that the platform's origins
may frame (`framed_by`): its cookie is SameSite=None under ARENA_HTTPS so that browsers send it
inside the LMS's iframe, and the pages of that session alone send `frame-ancestors` with those
origins (arena.web.security); everything else keeps `frame-ancestors 'none'`."""

from __future__ import annotations

from dataclasses import asdict

from flask import (
    Blueprint,
    Flask,
    current_app,
    flash,
    g,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.sessions import SecureCookieSessionInterface
from flask_babel import gettext as _
from flask_login import current_user, login_required
from werkzeug.wrappers import Response

from arena.errors import ArenaError, Conflict
from arena.extensions import csrf
from arena.lti.deep_linking import content_item, response_jwt
from arena.lti.keys import key_set
from arena.lti.launch import DeepLinking, Launched, begin_login, complete_launch
from arena.lti.messages import PlatformError, Refused
from arena.lti.platforms import origin, registered_origins
from arena.lti.roster import sync_roster as sync_course_roster
from arena.services.assignments import assignments_of
from arena.services.catalog import list_challenges
from arena.services.mail import public_link
from arena.web.auth import start_session
from arena.web.security import FRAMED_BY, framed_by

bp = Blueprint("lti", __name__, url_prefix="/lti")

#: The session key of a pending deep linking request.
DEEP_LINK = "lti_deep_link"
#: Of the request parameters of a login initiation or a launch, those read (each bounded).
LOGIN_PARAMETERS = ("iss", "login_hint", "target_link_uri", "lti_message_hint", "client_id",
                    "lti_deployment_id")


class LaunchedSessionInterface(SecureCookieSessionInterface):
    """Flask's signed cookie session; a launched session's cookie is SameSite=None when the
    site is served over HTTPS (browsers refuse SameSite=None without Secure)."""

    def get_cookie_samesite(self, app: Flask) -> str | None:
        if app.config["HTTPS"] and framed_by():
            return "None"
        return super().get_cookie_samesite(app)


def _url(endpoint: str) -> str:
    """Return the address of one of our endpoints as platforms reach it (ARENA_PUBLIC_URL, else
    the address of this request)."""
    return public_link(current_app.config, url_for(endpoint), request.host_url)


@bp.errorhandler(Refused)
def refused(error: Refused) -> tuple[str, int]:
    """Say why a launch was refused (400, 401, 403 or 404), never a 500, in a page that the
    registered platforms may frame (the launch may not have said which one it came from)."""
    g.framed_by = registered_origins()
    return render_template("lti/refused.html", status=error.status, reason=error.message), \
        error.status


@bp.get("/jwks")
def jwks() -> Response:
    """Serve our public keys (JWKS)."""
    response = jsonify(key_set())
    response.headers["Cache-Control"] = "public, max-age=300"
    return response


@bp.route("/login", methods=["GET", "POST"])
@csrf.exempt
def login() -> Response:
    """Answer a platform's login initiation: send the browser to its authorization endpoint."""
    params = {name: str(request.values[name]) for name in LOGIN_PARAMETERS
              if name in request.values}
    return redirect(begin_login(params, _url("web.lti.launch")))


def _launched(form: dict[str, str]) -> Response:
    """Check a launch, sign its user in on a framed session and send them on."""
    launched: Launched = complete_launch(form)
    start_session(launched.user)
    session[FRAMED_BY] = launched.frame_origins
    if launched.deep_linking is not None:
        session[DEEP_LINK] = asdict(launched.deep_linking)
        return redirect(url_for("web.lti.deep_link"))
    link = launched.link
    if link is not None and link.challenge is not None:
        return redirect(url_for("web.pages.challenge", slug=link.challenge.slug,
                                course=launched.course.id))
    anchor = f"assignment-{link.assignment_id}" if link and link.assignment_id else None
    return redirect(url_for("web.courses.course", course_id=launched.course.id, _anchor=anchor))


def _form() -> dict[str, str]:
    """Return a launch's form fields (state and id_token)."""
    return {name: str(request.form[name]) for name in ("state", "id_token")
            if name in request.form}


@bp.post("/launch")
@csrf.exempt
def launch() -> Response:
    """Take a launch (the id_token the platform POSTs)."""
    return _launched(_form())


def _pending() -> DeepLinking:
    """Return this session's deep linking request, or refuse."""
    pending = session.get(DEEP_LINK)
    if not current_user.is_authenticated or not isinstance(pending, dict):
        raise Refused(_("No deep linking request is open: add the activity from your course "
                        "again."), 400)
    try:
        return DeepLinking(**pending)
    except TypeError:
        raise Refused(_("No deep linking request is open: add the activity from your course "
                        "again."), 400) from None


@bp.route("/deep-link", methods=["GET", "POST"])
@csrf.exempt  # a launch carries an id_token; a pick is checked below
def deep_link() -> Response | str:
    """A deep linking launch (an id_token), the instructor's picker, or their pick: answered
    with a form that carries our signed response back to the platform."""
    if request.method == "POST" and "id_token" in request.form:
        return _launched(_form())
    pending = _pending()
    if request.method == "GET":
        return render_template(
            "lti/deep_link.html", challenges=list_challenges(current_user),
            assignments=assignments_of(pending.course_id))
    csrf.protect()
    pick = str(request.form.get("pick", ""))[:80]
    try:
        item = content_item(pending, current_user, pick, _url("web.lti.launch"))
    except ArenaError:
        raise Refused(_("Pick a challenge or an assignment of this course."), 404) from None
    session.pop(DEEP_LINK, None)
    g.form_action = origin(pending.return_url)
    return render_template("lti/deep_link_return.html", return_url=pending.return_url,
                           jwt=response_jwt(pending, [item]))


@bp.post("/courses/<int:course_id>/roster")
@login_required
def sync_roster(course_id: int) -> Response:
    """Fill a course's members from its LMS (the course page's button)."""
    try:
        done = sync_course_roster(current_user, course_id)
    except PlatformError:
        flash(_("The learning platform did not answer: try again later."), "error")
    except Conflict:
        flash(_("The learning platform offers no roster service for this course."), "error")
    else:
        flash(_("%(members)d members in the learning platform, %(added)d new here.",
                members=done.members, added=done.added), "success")
    return redirect(url_for("web.courses.course", course_id=course_id))


def tool_urls() -> dict[str, str]:
    """Return the addresses a platform's administrator enters to register us."""
    return {name: _url(f"web.lti.{name}") for name in ("login", "launch", "jwks", "deep_link")}


def init_app(app: Flask) -> None:
    """Give launched sessions their cookie."""
    app.session_interface = LaunchedSessionInterface()
