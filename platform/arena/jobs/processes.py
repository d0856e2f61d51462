"""Grading beside the web: the processes of its own in which `arena serve` grades.

The embedded queue's workers (`EmbeddedQueue`, ARENA_WORKERS threads) run in
ARENA_GRADING_PROCESSES processes started by the web process (`arena grader`), so that every
core grades while the web process only answers. Each talks to the web process over its standard
streams: a line on its stdin per queued job (`notify`: "q" for a learner's, "b" for background
work); on its stdout, a JSON line with the id of each submission whose verdict it recorded, which
wakes the web process's waiting reads at once (arena.jobs.finished), and every few seconds one
with its state and counters, which the web process's metrics show (arena.metrics). The first
process also runs
the authoring lane (validations, preparations, and the reaping of lapsed leases). A grading
process ends when its stdin closes: the web process stopped, or died. One that dies while the web
process runs is started again; the lease of the job it held lapses and the lane puts it back.
"""

from __future__ import annotations

import itertools
import json
import logging
import os
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable

from flask import Flask

from arena.jobs import finished
from arena.jobs.queue import EmbeddedQueue
from arena.jobs.workers import worker_state
from arena.signals import signals
from graders.sandbox.reaper import owner_id

log = logging.getLogger(__name__)
LEARNER, BACKGROUND = "q", "b"
RESTART_PAUSE_SECONDS = 1.0
REPORT_SECONDS = 5.0


class GradingProcesses:
    """The web process's side: start the grading processes, wake them, hear their verdicts."""

    def __init__(self, app: Flask, processes: int, env: dict[str, str]) -> None:
        self.app, self.count, self.env = app, processes, env
        self._children: list[subprocess.Popen | None] = [None] * processes
        self._turns = itertools.cycle(range(processes))
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._reports: dict[int, dict] = {}  # by index: a process's last state and counters
        self._ended: Counter[str] = Counter()  # the counters of processes that ended

    @property
    def running(self) -> bool:
        """Tell whether the grading processes run (started and not stopped)."""
        return any(c is not None for c in self._children) and not self._stopping.is_set()

    def start(self) -> None:
        """Start every grading process, the first with the authoring lane."""
        self._stopping.clear()
        for index in range(self.count):
            self._spawn(index)

    def _spawn(self, index: int) -> None:
        command = [sys.executable, "-m", "arena", "grader", "--for", owner_id(),
                   *(["--lane"] if index == 0 else [])]
        with self._lock:  # never one started after stop() took the list
            if self._stopping.is_set():
                return
            child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     env=self.env, text=True, bufsize=1)
            self._children[index] = child
        threading.Thread(target=self._hear, args=(index, child), daemon=True,
                         name=f"arena-grader-{index}").start()

    def _hear(self, index: int, child: subprocess.Popen) -> None:
        """Wake the waiting reads of each verdict the child recorded; start it again if it
        ends while the web process runs."""
        for line in child.stdout:
            try:
                said = json.loads(line)
            except ValueError:
                continue
            if not isinstance(said, dict):
                continue
            if "done" in said:
                finished.wake(str(said["done"]))
            elif "state" in said:
                with self._lock:
                    self._reports[index] = said
        child.wait()
        with self._lock:
            self._ended.update(self._reports.pop(index, {}).get("counts", {}))
        if self._stopping.is_set():
            return
        log.warning("grading process %s ended (exit code %s): starting it again", child.pid,
                    child.returncode)
        time.sleep(RESTART_PAUSE_SECONDS)
        self._spawn(index)

    def notify(self, background: bool = False) -> None:
        """Wake one grading process (in turns) for a learner's job; every one for background
        work, so that the lane's process hears of it too."""
        with self._lock:
            chosen = (self._children if background
                      else [self._children[next(self._turns)]])
            for child in chosen:
                if child is None or child.stdin is None:
                    continue
                try:
                    child.stdin.write((BACKGROUND if background else LEARNER) + "\n")
                except (OSError, ValueError):  # ended: being started again; it looks anyway
                    pass

    def states(self) -> list[dict]:
        """Return the last state each grading process told (worker_state)."""
        with self._lock:
            return [report["state"] for report in self._reports.values()]

    def counts(self) -> Counter[str]:
        """Return the shared counters (arena.signals) the grading processes kept, ended ones'
        included: what they count in their own memory when the app has no Redis."""
        with self._lock:
            total = Counter(self._ended)
            for report in self._reports.values():
                total.update(report.get("counts", {}))
            return total

    def stop(self, timeout: float | None = None) -> None:
        """Close every grading process's stdin (each ends after its job in hand) and wait for
        them up to `timeout`, then kill the rest."""
        self._stopping.set()
        with self._lock:
            children = [c for c in self._children if c is not None]
            self._children = [None] * self.count
        for child in children:
            try:
                child.stdin.close()
            except OSError:
                pass
        deadline = time.monotonic() + (timeout if timeout is not None else 30)
        for child in children:
            try:
                child.wait(max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()


def grade_for_the_web(app: Flask, web: str, lane: bool, close: Callable[[Flask], None]) -> None:
    """The grading process's side: grade for the web process `web` (its `owner_id()`) until
    stdin closes, telling stdout each verdict; `close` releases the sandbox at the end.

    stdout carries only those lines: anything else printed goes to stderr."""
    app.extensions["arena.grading_for"] = web
    channel = os.fdopen(os.dup(sys.stdout.fileno()), "w", buffering=1)
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    told = threading.Lock()

    def tell(said: dict) -> None:
        with told:
            try:
                channel.write(json.dumps(said) + "\n")
            except OSError:  # the web process is gone: stdin's end stops this one
                pass

    finished.relay("web process", lambda said: tell({"done": said}))
    queue = EmbeddedQueue(app, workers=app.config["WORKERS"], lane=lane)
    queue.start()
    stopped = threading.Event()

    def report() -> None:
        shared = signals(app)
        while True:
            counts = shared.counts() if shared.redis is None else {}  # else Redis holds them
            tell({"state": worker_state(queue.workers, queue.sandbox), "counts": counts})
            if stopped.wait(REPORT_SECONDS):
                return

    threading.Thread(target=report, daemon=True, name="arena-report").start()
    try:
        for line in sys.stdin:
            queue.notify(background=line.strip() == BACKGROUND)
    finally:
        stopped.set()
        queue.stop(timeout=60)
        close(app)
