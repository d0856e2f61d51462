"""A thread that applies the retention (arena.services.retention) every PRUNE_EVERY_HOURS,
beside `arena serve` and `arena worker`; several of them at once do no harm."""

from __future__ import annotations

import logging
import threading

from flask import Flask

from arena.services.retention import Retention, prune

log = logging.getLogger(__name__)


class Pruner:
    """Prune now, then every PRUNE_EVERY_HOURS until stopped (nothing when that is 0)."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.every = app.config["PRUNE_EVERY_HOURS"] * 3600
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="arena-pruner", daemon=True)

    def start(self) -> None:
        """Start pruning in the background, if a period is set."""
        if self.every > 0:
            self._thread.start()

    def stop(self) -> None:
        """Stop after the prune in progress, if any."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=30)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                with self.app.app_context():
                    report = prune(Retention.from_config(self.app.config))
                log.info("pruned: %s", report)
            except Exception:  # a failed prune is retried at the next period, never fatal
                log.exception("pruning the stored work failed")
            self._stop.wait(self.every)
