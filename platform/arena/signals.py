"""Counters that several processes share, for the metrics (arena.metrics): requests answered
500 and lease requeues, in one Redis hash when the app has Redis, else in this process. (The
live workers are their registrations: arena.jobs.workers.) Imported by the queue's modules, so
it imports none of them.
"""

from __future__ import annotations

import logging
import threading
from collections import Counter

import redis
from flask import Flask, current_app

log = logging.getLogger(__name__)

COUNTERS_KEY = "arena:metrics:counters"  # a Redis hash: counter name -> count
#: Shared counters: name -> help.
COUNTERS = {
    "http_internal_errors": "Requests answered 500 (an unhandled error), by every web process",
    "lease_requeues": "Running jobs put back in the queue because their lease lapsed",
}


class Signals:
    """The app's shared counters: in Redis when the app has one, else in this process."""

    def __init__(self, redis_url: str | None, lease_seconds: float) -> None:
        self.redis = redis.Redis.from_url(redis_url, socket_connect_timeout=2,
                                          socket_timeout=2) if redis_url else None
        self.lease_seconds = lease_seconds
        self.local: Counter[str] = Counter()
        self._lock = threading.Lock()

    def count(self, name: str, amount: int = 1) -> None:
        """Add `amount` to a shared counter; a Redis failure loses it, with a warning."""
        if self.redis is None:
            with self._lock:
                self.local[name] += amount
            return
        try:
            self.redis.hincrby(COUNTERS_KEY, name, amount)
        except redis.RedisError as exc:
            log.warning("could not count %s (%s)", name, exc)

    def counts(self) -> dict[str, int]:
        """Return every shared counter."""
        if self.redis is None:
            with self._lock:
                return dict(self.local)
        return {key.decode(): int(value) for key, value in self.redis.hgetall(COUNTERS_KEY).items()}


def signals(app: Flask | None = None) -> Signals:
    """Return the app's (or the current app's) Signals."""
    return (app or current_app).extensions["arena.signals"]
