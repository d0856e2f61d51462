"""The HTTP API's interactive docs: Swagger UI from the front-end bundle, reading the OpenAPI
document, under the Content-Security-Policy of every page.

APIFlask's own docs page (Swagger UI from a CDN, with an inline script) is switched off in
create_app; this one is ours.
"""

from __future__ import annotations

from flask import Blueprint, render_template

bp = Blueprint("api_docs", __name__)


@bp.get("/api/v1/docs")
def docs() -> str:
    """Show every operation of the API, read from /api/v1/openapi.json by the browser."""
    return render_template("api_docs.html")
