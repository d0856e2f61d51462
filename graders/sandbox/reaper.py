"""Owners and deadlines of sandbox containers, and the reaper that removes the strays.

Every container the sandbox creates carries three labels: LABEL (it is a sandbox box), its
OWNER_LABEL (the process that lends it: `owner_id()` for a lone process, or the name a worker
registered in a shared store) and its DEADLINE_LABEL (the Unix time by which it must be gone;
a warm box's is its maximum age plus the longest job it may still be lent for). Labels cannot
change, so the deadline is fixed at creation and the pool never lends a box past it.

A reaper removes, on its engine, every sandbox container whose deadline passed
STRAY_GRACE_SECONDS ago (clocks of hosts differ a little) or whose owner `dead` says is dead;
it never asks about an owner twice in a round, and a failing `dead` spares the container.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger(__name__)
LABEL = "arena.sandbox"
OWNER_LABEL = "arena.owner"
DEADLINE_LABEL = "arena.deadline"
STRAY_GRACE_SECONDS = 60
REAP_EVERY_SECONDS = 60.0


def labels(owner: str, deadline: float) -> dict[str, str]:
    """Return the labels of a sandbox container of `owner` that must be gone by `deadline`."""
    return {LABEL: "1", OWNER_LABEL: owner, DEADLINE_LABEL: f"{deadline:.0f}"}


def _start_time(pid: int) -> str | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return None


def owner_id() -> str:
    """Identify this process on this host, so that its containers can be told from strays."""
    return f"{socket.gethostname()}:{os.getpid()}:{_start_time(os.getpid())}"


def owner_gone(owner: str) -> bool:
    """Tell whether the process that `owner_id()` named on this host has ended (False for any
    other owner: another host's, or one registered elsewhere, is not this host's to judge)."""
    host, _, rest = owner.partition(":")
    pid, _, started = rest.partition(":")
    if host != socket.gethostname() or not pid.isdigit():
        return False
    return _start_time(int(pid)) != started


def strays(client, dead: Callable[[str], bool] = owner_gone,
           among: tuple[str, ...] = ()) -> list[str]:
    """Return the ids of the sandbox containers past their deadline or of a dead owner (only
    among those that also carry the labels `among`, "name=value" each, when given)."""
    now, verdicts, found = time.time(), {}, []
    for container in client.api.containers(all=True, filters={"label": [LABEL, *among]}):
        marks = container.get("Labels") or {}
        try:
            deadline = float(marks.get(DEADLINE_LABEL, "inf"))
        except ValueError:
            deadline = float("inf")
        owner = marks.get(OWNER_LABEL, "")
        if owner not in verdicts:
            try:
                verdicts[owner] = bool(owner) and dead(owner)
            except Exception:  # noqa: BLE001 - no answer is no death: the next round asks again
                log.warning("could not tell whether sandbox owner %s is alive", owner,
                            exc_info=True)
                verdicts[owner] = False
        if verdicts[owner] or deadline + STRAY_GRACE_SECONDS < now:
            found.append(container["Id"])
    return found


def reap(client, dead: Callable[[str], bool] = owner_gone, among: tuple[str, ...] = ()) -> int:
    """Remove the stray sandbox containers (`strays`); return how many were removed."""
    removed = 0
    for container_id in strays(client, dead, among):
        try:
            client.api.remove_container(container_id, force=True)
            removed += 1
        except Exception:  # noqa: BLE001 - already gone, or the engine is busy: next round
            pass
    return removed


class Reaper:
    """Reap now and then every `every` seconds in a thread of its own, until stopped."""

    def __init__(self, client, dead: Callable[[str], bool] = owner_gone,
                 every: float = REAP_EVERY_SECONDS) -> None:
        self.client, self.dead, self.every = client, dead, every
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="arena-sandbox-reaper",
                                        daemon=True)

    def start(self) -> Reaper:
        """Start reaping in the background."""
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop after the round in progress, if any."""
        self._stop.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(timeout=30)

    def round(self) -> int:
        """Reap once, logging what was removed; a busy engine only delays it to the next round."""
        try:
            removed = reap(self.client, self.dead)
        except Exception:  # noqa: BLE001
            log.warning("could not reap stray sandbox containers", exc_info=True)
            return 0
        if removed:
            log.info("removed %d stray sandbox containers", removed)
        return removed

    def _run(self) -> None:
        while not self._stop.is_set():
            self.round()
            self._stop.wait(self.every)
