"""gunicorn's settings for the web tier (`gunicorn -c python:arena.gunicorn_conf ...
'arena:create_app()'`): like `arena serve`, its workers wait without threads (gevent, patched
here before anything else is imported: arena.cooperative), and it refuses to start on a
database whose schema is not this code's newest, in one line, before it listens (arena.db)."""

from __future__ import annotations

from arena.cooperative import patch

patch()

import sys  # noqa: E402  (after the patch, as every import below)
from typing import Any  # noqa: E402

import click  # noqa: E402

from arena.db import checked_app  # noqa: E402
from arena.extensions import db  # noqa: E402

worker_class = "gevent"
# The access log says how long each request took in the app (%(M)s, milliseconds).
access_log_format = '%(h)s %(t)s "%(r)s" %(s)s %(b)s %(M)sms "%(a)s"'


def on_starting(_server: Any) -> None:
    """Check the schema in the master, once; stop with its one line when it is not ours."""
    try:
        app = checked_app()
    except click.ClickException as exc:
        sys.exit(f"Error: {exc.format_message()}")
    with app.app_context():
        db.engine.dispose()  # the workers fork from here: no connection of ours in them
