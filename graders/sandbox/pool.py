"""A pool of sandbox containers started ahead of demand, each used for exactly one job."""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)
RETRY_SECONDS = (0.5, 1, 2, 5, 10)
REAP_EVERY_SECONDS = 60.0


class WarmPool:
    """Keep `size` started containers ready; refill in the background after every take."""

    def __init__(self, start: Callable[[], Any], discard: Callable[[Any], None], size: int,
                 housekeeping: Callable[[], None] = lambda: None) -> None:
        self.start, self.discard, self.size = start, discard, size
        self.housekeeping = housekeeping
        self.ready: deque = deque()
        self._wake = threading.Condition()
        self._stopped = False
        self._thread = threading.Thread(target=self._fill, name="arena-warm-pool", daemon=True)
        self._thread.start()

    def take(self) -> Any | None:
        """Return a ready container, or None when the pool is empty."""
        with self._wake:
            container = self.ready.popleft() if self.ready else None
            self._wake.notify()
        return container

    def drain(self) -> None:
        """Stop refilling and remove every container still waiting."""
        with self._wake:
            self._stopped = True
            self._wake.notify()
        self._thread.join(timeout=30)
        while self.ready:
            self.discard(self.ready.popleft())

    def _fill(self) -> None:
        failures = 0
        while True:
            with self._wake:
                if self._stopped:
                    return
                full = len(self.ready) >= self.size
                woken = full and self._wake.wait(REAP_EVERY_SECONDS)
            if full:
                if not woken:
                    self._tidy()
                continue
            try:
                container = self.start()
                failures = 0
            except Exception:  # the engine may be restarting: wait and try again
                log.warning("could not start a warm sandbox container", exc_info=True)
                with self._wake:
                    self._wake.wait(RETRY_SECONDS[min(failures, len(RETRY_SECONDS) - 1)])
                failures += 1
                continue
            with self._wake:
                if self._stopped:
                    self.discard(container)
                    return
                self.ready.append(container)

    def _tidy(self) -> None:
        try:
            self.housekeeping()
        except Exception:  # noqa: BLE001 - housekeeping must never stop the pool
            log.warning("sandbox housekeeping failed", exc_info=True)
