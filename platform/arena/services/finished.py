"""Word that a submission was recorded as done: request threads that wait for a verdict wake
at once instead of at their next look at the database (which stays the fallback).

Within one process `announce` wakes them directly. Across processes (the distributed queue:
verdicts recorded by `arena worker`, read by the web tier) a relay carries the word: the
recording process relays each announcement, and a waiting process starts, on its first wait,
a listener that wakes its threads (arena.distributed: Redis publish/subscribe).
"""

from __future__ import annotations

import threading
from collections.abc import Callable

_recorded = threading.Condition()
_relays: dict[str, Callable[[], None]] = {}  # by Redis URL: where announcements go too
_listeners: dict[str, Callable[[], None]] = {}  # by Redis URL: started on the first wait


def announce() -> None:
    """Wake every thread waiting in `pause` here and, through the relays, elsewhere."""
    wake()
    for send in list(_relays.values()):
        send()


def wake() -> None:
    """Wake every thread of this process waiting in `pause`."""
    with _recorded:
        _recorded.notify_all()


def relay(key: str, send: Callable[[], None]) -> None:
    """Have every later announcement also call `send` (one per key)."""
    _relays[key] = send


def listen(key: str, start: Callable[[], None]) -> None:
    """Have the first wait of this process call `start` (once per key)."""
    _listeners.setdefault(key, start)


def pause(seconds: float) -> bool:
    """Wait `seconds`, or less if a verdict is announced meanwhile; tell whether one was."""
    for key in list(_listeners):
        start = _listeners.pop(key, None)
        if start is not None:
            start()
    with _recorded:
        return _recorded.wait(seconds)
