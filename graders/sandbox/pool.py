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
    """Keep `size` started containers ready; `fillers` threads refill it after every take."""

    def __init__(self, start: Callable[[], Any], discard: Callable[[Any], None], size: int,
                 housekeeping: Callable[[], None] = lambda: None, fillers: int = 2) -> None:
        self.start, self.discard, self.size = start, discard, size
        self.housekeeping = housekeeping
        self.ready: deque = deque()
        self._starting = 0
        self._wake = threading.Condition()
        self._stopped = False
        self._threads = [threading.Thread(target=self._fill, name=f"arena-warm-pool-{i}",
                                          daemon=True) for i in range(max(1, fillers))]
        for thread in self._threads:
            thread.start()

    def take(self) -> Any | None:
        """Return a ready container, or None when the pool is empty."""
        with self._wake:
            container = self.ready.popleft() if self.ready else None
            self._wake.notify_all()
        return container

    def drain(self) -> None:
        """Stop refilling and remove every container still waiting."""
        with self._wake:
            self._stopped = True
            self._wake.notify_all()
        for thread in self._threads:
            thread.join(timeout=30)
        while self.ready:
            self.discard(self.ready.popleft())

    def _claim_slot(self) -> bool | None:
        """Wait for room in the pool; True to start one, None when stopped, False to tidy."""
        with self._wake:
            while not self._stopped and len(self.ready) + self._starting >= self.size:
                if not self._wake.wait(REAP_EVERY_SECONDS):
                    return False
            if self._stopped:
                return None
            self._starting += 1
            return True

    def _fill(self) -> None:
        failures = 0
        while True:
            slot = self._claim_slot()
            if slot is None:
                return
            if slot is False:
                self._tidy()
                continue
            try:
                container = self.start()
                failures = 0
            except Exception:  # the engine may be restarting: wait and try again
                log.warning("could not start a warm sandbox container", exc_info=True)
                container = None
                failures += 1
            with self._wake:
                self._starting -= 1
                if container is not None and not self._stopped:
                    self.ready.append(container)
                    continue
                if container is None and not self._stopped:
                    self._wake.wait(RETRY_SECONDS[min(failures - 1, len(RETRY_SECONDS) - 1)])
                    continue
            if container is not None:
                self.discard(container)
            return

    def _tidy(self) -> None:
        try:
            self.housekeeping()
        except Exception:  # noqa: BLE001 - housekeeping must never stop the pool
            log.warning("sandbox housekeeping failed", exc_info=True)
