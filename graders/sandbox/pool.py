"""A pool of sandbox boxes started ahead of demand and lent out one job at a time."""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)
RETRY_SECONDS = (0.5, 1, 2, 5, 10)
TIDY_EVERY_SECONDS = 60.0  # an idle pool looks this often for boxes too old or dead to lend


class WarmPool:
    """Keep `size` boxes alive, idle or lent; `fillers` threads start one for each that ends.

    A box is lent only while younger than `max_age` seconds and `alive`; an older or dead
    one, or one given back as spent, ends and is replaced at once, so that the pool is full
    again before the next wave of jobs. When every box is lent or starting, `take` waits.
    """

    def __init__(self, start: Callable[[], Any], discard: Callable[[Any], None], size: int,
                 fillers: int = 2, max_age: float = float("inf"),
                 alive: Callable[[Any], bool] = lambda box: True) -> None:
        self.start, self.discard, self.size = start, discard, size
        self.max_age, self.alive = max_age, alive
        self.ready: deque = deque()
        self._born: dict[int, float] = {}  # every live box of the pool, idle or lent
        self._starting = 0
        self._wake = threading.Condition()
        self._stopped = False
        self._threads = [threading.Thread(target=self._fill, name=f"arena-warm-pool-{i}",
                                          daemon=True) for i in range(max(1, fillers))]
        for thread in self._threads:
            thread.start()

    def take(self, wait: float = 0.0) -> Any | None:
        """Lend an idle box, waiting up to `wait` seconds while all are busy or starting;
        None when there is none (the pool is stopped, or its boxes cannot start)."""
        deadline = time.monotonic() + wait
        with self._wake:
            while True:
                self._drop_old()
                if self.ready:
                    return self.ready.popleft()
                left = deadline - time.monotonic()
                if self._stopped or left <= 0:
                    return None
                self._wake.wait(left)

    def give_back(self, box: Any, spent: bool = False) -> None:
        """Take back a lent box: idle again, or ended (and replaced) when spent or too old."""
        with self._wake:
            keep = (not spent and not self._stopped and id(box) in self._born
                    and self._born[id(box)] >= time.monotonic() - self.max_age)
            if keep:
                self.ready.append(box)
            else:
                self._born.pop(id(box), None)
            self._wake.notify_all()
        if not keep:
            self.discard(box)

    def state(self) -> dict[str, int]:
        """Count the pool's boxes: its size, and how many are idle, lent and starting."""
        with self._wake:
            idle = len(self.ready)
            return {"size": self.size, "idle": idle, "lent": len(self._born) - idle,
                    "starting": self._starting}

    def owns(self, box: Any) -> bool:
        """Tell whether `box` is one of the pool's (lent out now, or idle)."""
        with self._wake:
            return id(box) in self._born

    def _drop_old(self) -> None:
        """Discard the idle boxes too old or too dead to lend (the caller holds the lock)."""
        oldest = time.monotonic() - self.max_age
        for box in [b for b in self.ready if self._born[id(b)] < oldest or not self.alive(b)]:
            self.ready.remove(box)
            del self._born[id(box)]
            self.discard(box)
        self._wake.notify_all()

    def drain(self) -> None:
        """Stop refilling and remove every idle box; lent ones end when given back."""
        with self._wake:
            self._stopped = True
            self._wake.notify_all()
        for thread in self._threads:
            thread.join(timeout=30)
        with self._wake:
            idle, self.ready = list(self.ready), deque()
            for box in idle:
                self._born.pop(id(box), None)
        for box in idle:
            self.discard(box)

    def _claim_slot(self) -> bool | None:
        """Wait for room in the pool; True to start one, None when stopped, False to tidy."""
        with self._wake:
            while not self._stopped and len(self._born) + self._starting >= self.size:
                if not self._wake.wait(TIDY_EVERY_SECONDS):
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
                box = self.start()
                failures = 0
            except Exception:  # the engine may be restarting: wait and try again
                log.warning("could not start a warm sandbox box", exc_info=True)
                box = None
                failures += 1
            with self._wake:
                self._starting -= 1
                if box is not None and not self._stopped:
                    self.ready.append(box)
                    self._born[id(box)] = time.monotonic()
                    self._wake.notify_all()
                    continue
                if box is None and not self._stopped:
                    self._wake.wait(RETRY_SECONDS[min(failures - 1, len(RETRY_SECONDS) - 1)])
                    continue
            if box is not None:
                self.discard(box)
            return

    def _tidy(self) -> None:
        with self._wake:
            self._drop_old()
