"""Attention Arena: the Flask app that serves the challenges and records the verdicts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from apiflask import APIFlask


def create_app(test_config: dict[str, Any] | None = None) -> APIFlask:
    """Create and configure an instance of the application (no threads are started)."""
    # Imported here rather than above: `arena submit` (arena.client) lives in this package and
    # must start without loading Flask, SQLAlchemy and the graders (tests/arena/test_client.py).
    from apiflask import APIFlask

    from arena import api, bounds, config, extensions, metrics, ratelimit, web
    from arena.jobs import preparation, queue

    # docs_path=None: the docs page is ours (arena.web.api_docs), under the pages' CSP.
    app = APIFlask(__name__, title="Attention Arena API", version="1",
                   spec_path="/api/v1/openapi.json", docs_path=None,
                   static_folder="web/static")
    app.config.from_mapping(config.DEFAULTS)
    app.config.from_mapping(test_config or {})
    config.from_environment(app.config)
    config.finalize(app.config)
    extensions.db.init_app(app)
    bounds.init_app(app)  # before any route: its `int` converter bounds ids
    api.init_app(app)
    web.init_app(app)
    ratelimit.init_app(app)  # after the views it limits are registered
    queue.init_app(app)
    preparation.init_app(app)
    metrics.init_app(app)
    return app
