"""Word that a job was recorded as done (a submission's verdict, a lesson cell's output): a
request waiting for it wakes at once instead of at its next look at the database (which stays
the fallback).

The word names the job (its table and id: `submission:41`, `cell_run:7`), so a verdict wakes
only the requests waiting for it, not every waiting request of the process (each of which would
look at the database for nothing). Within one process `announce` wakes them directly. Across
processes (a grading process of `arena serve`, or `arena worker` beside the web tier) a relay
carries the word: the recording process relays each announcement, and a waiting process starts,
on its first wait, a listener that wakes its requests (arena.jobs.processes: the child's
stdout; arena.jobs.distributed: Redis publish/subscribe). `wait_until_done` is what a waiting
read runs, `follow` what a stream of events runs.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from sqlalchemy import select

from arena.extensions import db
from graders.verdicts import Status

#: How often a read waiting only for a job's end looks at the database, in case the word was
#: lost: its word wakes it at once otherwise. A stream of events looks at `follow`'s own
#: interval, to show the job start running (nothing announces that).
LOST_WORD_SECONDS = 5.0

_lock = threading.Lock()
_watched: dict[str, tuple[threading.Event, int]] = {}  # by word: its event, its watchers
_relays: dict[str, Callable[[str], None]] = {}  # by Redis URL: where announcements go too
_listeners: dict[str, Callable[[], None]] = {}  # by Redis URL: started on the first wait


def word(model: type, job_id: int) -> str:
    """Return the word that names a job: its table and its id."""
    return f"{model.__tablename__}:{job_id}"


def announce(model: type, job_id: int) -> None:
    """Wake the requests waiting for this job (a row of `model`), here and, through the relays,
    elsewhere."""
    said = word(model, job_id)
    wake(said)
    for send in list(_relays.values()):
        send(said)


def wake(said: str) -> None:
    """Wake the requests of this process waiting for the job this word names, if any."""
    with _lock:
        watched = _watched.get(said)
    if watched:
        watched[0].set()


def relay(key: str, send: Callable[[str], None]) -> None:
    """Have every later announcement also call `send` with its word (one relay per key)."""
    _relays[key] = send


def listen(key: str, start: Callable[[], None]) -> None:
    """Have the first wait of this process call `start` (once per key)."""
    _listeners.setdefault(key, start)


@contextmanager
def watching(model: type, job_id: int) -> Iterator[threading.Event]:
    """Yield an event that is set when this job's end is announced."""
    for key in list(_listeners):
        start = _listeners.pop(key, None)
        if start is not None:
            start()
    said = word(model, job_id)
    with _lock:
        event, watchers = _watched.get(said, (threading.Event(), 0))
        _watched[said] = (event, watchers + 1)
    try:
        yield event
    finally:
        with _lock:
            event, watchers = _watched[said]
            if watchers == 1:
                del _watched[said]
            else:
                _watched[said] = (event, watchers - 1)


def follow(model: type, job_id: int, timeout: float,
           interval: float = 1.0) -> Iterator[str | None]:
    """Yield a job's status now, then each change seen, until it is done or `timeout` seconds
    pass.

    It looks at once when its end is announced, and every `interval` seconds in case an
    announcement was lost (a relay away) or to see it start running: each look is a query,
    and a class waits at once."""
    deadline = time.monotonic() + timeout
    seen: object = follow  # nothing seen yet
    with watching(model, job_id) as recorded:
        while True:
            status = db.session.scalar(select(model.status).where(model.id == job_id))
            db.session.commit()
            if status != seen:
                seen = status
                yield status
            if status == Status.DONE or time.monotonic() >= deadline:
                return
            if recorded.wait(min(interval, max(0.0, deadline - time.monotonic()))):
                recorded.clear()  # announced: look now, and never spin if it was too early


def wait_until_done(model: type, job_id: int, timeout: float) -> bool:
    """Wait until a job (a row of `model`) is done or `timeout` seconds pass; tell whether it
    is done. Its end's word wakes it; it looks every LOST_WORD_SECONDS in case the word was
    lost (a relay away)."""
    last = list(follow(model, job_id, timeout, interval=LOST_WORD_SECONDS))[-1]
    return last == Status.DONE
