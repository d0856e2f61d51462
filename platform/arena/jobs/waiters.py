"""A bounded set of reads allowed to wait for a result (a run's, a verdict read with `?wait=`,
a page's pushed events), a share per user.

In the web process a waiting read holds no thread (arena.cooperative), so the bound is one of
memory, and the share keeps one user from holding every place. Whoever finds no free place
(the set is full, or the user holds their share) is answered at once with where to poll.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


class Waiters:
    """At most `total` waiting reads in all, at most `per_user` of them for one user."""

    def __init__(self, total: int, per_user: int) -> None:
        self.total, self.per_user = total, per_user
        self._lock = threading.Lock()
        self._by_user: Counter[int | str] = Counter()

    @contextmanager
    def place(self, user_id: int | str) -> Iterator[bool]:
        """Take a place to wait in, if one is free; yield whether one was taken."""
        with self._lock:
            taken = (sum(self._by_user.values()) < self.total
                     and self._by_user[user_id] < self.per_user)
            if taken:
                self._by_user[user_id] += 1
        try:
            yield taken
        finally:
            if taken:
                with self._lock:
                    self._by_user[user_id] -= 1
                    if not self._by_user[user_id]:
                        del self._by_user[user_id]

    def waiting(self) -> int:
        """Return how many reads wait now."""
        with self._lock:
            return sum(self._by_user.values())


def waiters_of(app: Any) -> Waiters:
    """Return a Flask app's places to wait (made on first use, from its settings)."""
    return app.extensions.setdefault("arena.waiters", Waiters(
        app.config["RUN_WAITERS"], app.config["RUN_WAITERS_PER_USER"]))
