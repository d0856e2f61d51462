"""The app's sandbox backend, chosen on first use so that importing the app never needs one."""

from __future__ import annotations

import threading

from flask import Flask

from graders.sandbox.base import Sandbox
from graders.sandbox.selection import select_sandbox

_lock = threading.Lock()


def _ownership(app: Flask) -> dict:
    """Return whose the sandbox's containers are, and how dead owners are told: the worker's
    registration (arena.jobs.workers) when this process registered one, else this process; and
    for a grading process of `arena serve`, whose copy of the system's files to read (the web
    process's: arena.jobs.processes)."""
    shared = {"mirror_of": app.extensions["arena.grading_for"]} \
        if "arena.grading_for" in app.extensions else {}
    registry = app.extensions.get("arena.worker")
    if registry is None:
        return shared
    return {"owner": registry.owner, "owner_dead": registry.dead,
            "reap_every": registry.lease / 3, **shared}


def get_sandbox(app: Flask) -> Sandbox:
    """Return the app's sandbox, selecting it from ARENA_SANDBOX the first time."""
    with _lock:
        if "arena.sandbox" not in app.extensions:
            app.extensions["arena.sandbox"] = select_sandbox(
                app.config["SANDBOX"], pool_size=app.config["POOL_SIZE"],
                build_base=app.config["SANDBOX_BASE"], **_ownership(app))
        return app.extensions["arena.sandbox"]


def get_author_sandbox(app: Flask, like: Sandbox) -> Sandbox:
    """Return the authoring lane's sandbox: the backend of `like`, without a warm pool, so
    that validating and preparing never take a container a learner's grading waits for, and
    without a reaper (that of `like` reaps the same engine)."""
    with _lock:
        if "arena.author_sandbox" not in app.extensions:
            app.extensions["arena.author_sandbox"] = select_sandbox(
                like.name, pool_size=0, **{**_ownership(app), "reap_every": None})
        return app.extensions["arena.author_sandbox"]


def close_sandbox(app: Flask) -> None:
    """Drain the sandboxes' warm pools, if they have one, leaving no container behind."""
    for name in ("arena.sandbox", "arena.author_sandbox"):
        sandbox = app.extensions.pop(name, None)
        if sandbox is not None:
            sandbox.close()
