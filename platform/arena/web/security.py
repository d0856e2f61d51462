"""Response headers every page sends, and the checks that keep redirects on this site."""

from __future__ import annotations

import secrets
from urllib.parse import urlsplit

from flask import Flask, current_app, g
from werkzeug.wrappers import Response


def content_security_policy(style_nonce: str) -> str:
    """Return the policy: scripts, styles, fonts and requests from this site only."""
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
        "form-action 'self'",
        "frame-ancestors 'none'",
    ))


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
    response.headers.setdefault("Content-Security-Policy", content_security_policy(style_nonce()))
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "same-origin")
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
