"""Response headers every page sends, and the checks that keep redirects on this site."""

from __future__ import annotations

import secrets
from urllib.parse import urlsplit

from flask import Flask, current_app, g, has_request_context, request, session
from werkzeug.wrappers import Response

#: The session key of the origins that may frame a launched session's pages.
FRAMED_BY = "lti_framed_by"


def content_security_policy(style_nonce: str, framed_by: list[str] | None = None,
                            form_action: str | None = None) -> str:
    """Return the policy: scripts, styles, fonts and requests from this site only; framed by
    no one, except the LMS origins that launched this session (`framed_by`: arena.web.lti);
    forms sent to this site only, and to `form_action` (a deep linking answer's platform)."""
    ancestors = " ".join(framed_by) if framed_by else "'none'"
    return "; ".join((
        "default-src 'self'",
        "script-src 'self'",
        # The nonce is for <style> elements the editor adds at run time (EditorView.cspNonce).
        f"style-src 'self' 'nonce-{style_nonce}'",
        "font-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        " ".join(("form-action 'self'", *([form_action] if form_action else []))),
        f"frame-ancestors {ancestors}",
    ))


def framed_by() -> list[str]:
    """Return the origins that may frame this request's page: those of the learning platform
    that launched its session, or those an LTI response names (`g.framed_by`: arena.web.lti);
    none otherwise, never for the API."""
    if not has_request_context() or request.path.startswith("/api/"):
        return []
    if g.get("framed_by"):
        return g.framed_by
    if not session:
        return []
    origins = session.get(FRAMED_BY)
    return [o for o in origins if isinstance(o, str)] if isinstance(origins, list) else []


def style_nonce() -> str:
    """Return this request's nonce for run-time <style> elements."""
    if "style_nonce" not in g:
        g.style_nonce = secrets.token_urlsafe(16)
    return g.style_nonce


#: Under ARENA_HTTPS: browsers keep to HTTPS for a year, subdomains included.
HSTS = "max-age=31536000; includeSubDomains"


def add_security_headers(response: Response) -> Response:
    """Send the policy and the hardening headers with every response (and HSTS when the
    site is served over HTTPS)."""
    if current_app.config["HTTPS"]:
        response.headers.setdefault("Strict-Transport-Security", HSTS)
    origins = framed_by()
    response.headers.setdefault("Content-Security-Policy", content_security_policy(
        style_nonce(), origins, g.get("form_action")))
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    if not origins:  # X-Frame-Options names no origin: frame-ancestors alone says them
        response.headers.setdefault("X-Frame-Options", "DENY")
    response.headers.setdefault("Cross-Origin-Opener-Policy", "same-origin")
    return response


def safe_next(target: str | None, default: str = "/") -> str:
    """Return `target` if it is a path on this site, else `default` (no open redirects)."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return default
    if any(ord(char) < 0x21 or ord(char) == 0x7F for char in target):
        return default  # browsers drop tabs and newlines: "/\t/evil.example" is "//evil..."
    parts = urlsplit(target)
    return default if parts.scheme or parts.netloc else target


def init_app(app: Flask) -> None:
    """Add the headers to every response; offer the style nonce to templates."""
    app.after_request(add_security_headers)
    app.jinja_env.globals["style_nonce"] = style_nonce
