"""The app's sandbox backend, chosen on first use so that importing the app never needs one."""

from __future__ import annotations

import threading

from flask import Flask

from graders.sandbox import Sandbox, select_sandbox

_lock = threading.Lock()


def get_sandbox(app: Flask) -> Sandbox:
    """Return the app's sandbox, selecting it from ARENA_SANDBOX the first time."""
    with _lock:
        if "arena.sandbox" not in app.extensions:
            app.extensions["arena.sandbox"] = select_sandbox(
                app.config["SANDBOX"], pool_size=app.config["POOL_SIZE"],
                build_base=app.config["SANDBOX_BASE"])
        return app.extensions["arena.sandbox"]


def close_sandbox(app: Flask) -> None:
    """Drain the sandbox's warm pool, if it has one, leaving no container behind."""
    sandbox = app.extensions.pop("arena.sandbox", None)
    if sandbox is not None:
        sandbox.close()
