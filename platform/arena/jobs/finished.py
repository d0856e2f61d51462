"""Word that a submission was recorded as done: a request thread waiting for that verdict wakes
at once instead of at its next look at the database (which stays the fallback).

The word names the submission, so a verdict wakes only the threads waiting for it, not every
waiting thread of the process (each of which would look at the database for nothing).
Within one process `announce` wakes them directly. Across processes (the distributed queue:
verdicts recorded by `arena worker`, read by the web tier) a relay carries the word: the
recording process relays each announcement, and a waiting process starts, on its first wait,
a listener that wakes its threads (arena.jobs.distributed: Redis publish/subscribe).
`wait_until_done` is what a waiting read runs, `follow` what a stream of events runs.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from sqlalchemy import select

from arena.extensions import db
from arena.models import Submission
from graders.verdicts import Status

_lock = threading.Lock()
_watched: dict[int, tuple[threading.Event, int]] = {}  # submission id: its event, its watchers
_relays: dict[str, Callable[[int], None]] = {}  # by Redis URL: where announcements go too
_listeners: dict[str, Callable[[], None]] = {}  # by Redis URL: started on the first wait


def announce(submission_id: int) -> None:
    """Wake the threads waiting for this submission, here and, through the relays, elsewhere."""
    wake(submission_id)
    for send in list(_relays.values()):
        send(submission_id)


def wake(submission_id: int) -> None:
    """Wake the threads of this process waiting for this submission, if any."""
    with _lock:
        watched = _watched.get(submission_id)
    if watched:
        watched[0].set()


def relay(key: str, send: Callable[[int], None]) -> None:
    """Have every later announcement also call `send` with its submission id (one per key)."""
    _relays[key] = send


def listen(key: str, start: Callable[[], None]) -> None:
    """Have the first wait of this process call `start` (once per key)."""
    _listeners.setdefault(key, start)


@contextmanager
def watching(submission_id: int) -> Iterator[threading.Event]:
    """Yield an event that is set when this submission's verdict is announced."""
    for key in list(_listeners):
        start = _listeners.pop(key, None)
        if start is not None:
            start()
    with _lock:
        event, watchers = _watched.get(submission_id, (threading.Event(), 0))
        _watched[submission_id] = (event, watchers + 1)
    try:
        yield event
    finally:
        with _lock:
            event, watchers = _watched[submission_id]
            if watchers == 1:
                del _watched[submission_id]
            else:
                _watched[submission_id] = (event, watchers - 1)


def follow(submission_id: int, timeout: float, interval: float = 1.0) -> Iterator[str | None]:
    """Yield a submission's status now, then each change seen, until it is done or `timeout`
    seconds pass.

    It looks at once when its verdict is announced, and every `interval` seconds in case an
    announcement was lost (a relay away) or to see it start running: each look is a query,
    and a class waits at once."""
    deadline = time.monotonic() + timeout
    seen: object = follow  # nothing seen yet
    with watching(submission_id) as recorded:
        while True:
            status = db.session.scalar(select(Submission.status)
                                       .where(Submission.id == submission_id))
            db.session.commit()
            if status != seen:
                seen = status
                yield status
            if status == Status.DONE or time.monotonic() >= deadline:
                return
            if recorded.wait(min(interval, max(0.0, deadline - time.monotonic()))):
                recorded.clear()  # announced: look now, and never spin if it was too early


def wait_until_done(submission_id: int, timeout: float) -> bool:
    """Wait until a submission is done or `timeout` seconds pass; tell whether it is done."""
    return list(follow(submission_id, timeout))[-1] == Status.DONE  # the last status seen
