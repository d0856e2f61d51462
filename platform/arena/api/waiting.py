"""A read that waits for its job's end (a submission's verdict, a lesson cell's output): the
`?wait=` query, and the wait itself in one of the web process's places (arena.jobs.waiters),
woken by the job's announcement (arena.jobs.finished)."""

from __future__ import annotations

from apiflask import Schema, fields
from apiflask.validators import Range
from flask import current_app

from arena.config import DEFAULTS
from arena.jobs.finished import wait_until_done
from arena.jobs.waiters import waiters_of

#: The longest `?wait=` accepted; the server waits at most its ARENA_READ_WAIT_SECONDS.
MAX_WAIT_ASKED = 60


class WaitQuery(Schema):
    """How long to wait for the result."""

    wait = fields.Float(load_default=0, validate=Range(0, MAX_WAIT_ASKED), metadata={
        "description": "Seconds to wait for the result if it is not done yet: the answer comes "
                       "as soon as it is, or when the wait is over (at most the server's "
                       f"ARENA_READ_WAIT_SECONDS, {DEFAULTS['READ_WAIT_SECONDS']:g} by default). "
                       "When no place to wait is free (ARENA_RUN_WAITERS per server, "
                       f"{DEFAULTS['RUN_WAITERS_PER_USER']} per user by default: "
                       "ARENA_RUN_WAITERS_PER_USER), the answer comes at once: ask again after "
                       "a pause."})


def read_wait(query_data: dict) -> float:
    """Return how long a read may wait: its `?wait=`, at most ARENA_READ_WAIT_SECONDS."""
    return min(query_data["wait"], current_app.config["READ_WAIT_SECONDS"])


def wait_for(model: type, job_id: int, waiter: int | str, seconds: float) -> bool:
    """Wait up to `seconds` for a job (a row of `model`) to end, in a place counted against
    `waiter` (a user's id, or a visitor's address) if one is free; tell whether it ended."""
    if seconds <= 0:
        return False
    with waiters_of(current_app).place(waiter) as waiting:
        return waiting and wait_until_done(model, job_id, seconds)
