"""The server processes' logs: one line per record on stderr, and quiet when idle.

`setup` is what `arena serve`, `arena worker` (in place of Celery's own setup) and gunicorn
(`GunicornLogger`) run. A finished job logs one line of its own (arena.jobs.lifecycle), so
Celery's two lines per task, which a keeper's wake-up message made every few seconds, are
kept to warnings; gunicorn's access log leaves out the container's own successful health
checks and the successful scrapes, which come every few seconds too.
"""

from __future__ import annotations

import logging
import sys

from gunicorn.glogging import Logger

from arena.metrics import METRICS_PATH

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
#: Loggers that write a line per Celery task (received, succeeded), and Alembic's, which
#: describes its context each time the schema is checked at start: warnings only.
QUIET = ("celery.worker.strategy", "celery.app.trace", "alembic")
#: Paths the container's own health check probes every few seconds (from 127.0.0.1); a
#: success is not written to the access log, nor a successful scrape of METRICS_PATH.
PROBES = frozenset({"/api/v1/health", "/api/v1/health/live", "/api/v1/health/ready"})


def setup(level: int = logging.INFO) -> None:
    """Send the records of `level` and above to stderr, one line each (once per process)."""
    root = logging.getLogger()
    if not any(getattr(handler, "arena", False) for handler in root.handlers):
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter(FORMAT))
        handler.arena = True
        root.addHandler(handler)
    root.setLevel(level)
    for name in QUIET:
        logging.getLogger(name).setLevel(logging.WARNING)


class GunicornLogger(Logger):
    """Gunicorn's logger (`--logger-class arena.logs.GunicornLogger`): the app's records too,
    and no access line for a successful probe."""

    def setup(self, cfg: object) -> None:
        super().setup(cfg)
        setup()

    def access(self, resp: object, req: object, environ: dict, request_time: object) -> None:
        path, ok = environ.get("PATH_INFO"), (resp.status_code or 500) < 400
        local = environ.get("REMOTE_ADDR") == "127.0.0.1"
        if ok and (path == METRICS_PATH or (local and path in PROBES)):
            return
        super().access(resp, req, environ, request_time)
