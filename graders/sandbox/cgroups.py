"""A memory cgroup per process box, so that the box's processes share one memory limit.

cgroup v2 where its memory controller is on (boxes under `/arena-sandbox` at the root: v2
allows no processes beside child groups, so they cannot sit under the grading process's own
group), else v1's memory hierarchy (boxes under the grading process's own group, within any
limit set above it). Both need the right to create groups: root, in practice. Where there is
none, `BoxCgroup.create` returns None and the box falls back to an address-space limit.
Several grading processes share the parent (the workers of one server, two test runs): a
group's name carries its owner (`reaper.owner_id()`), and only a dead owner's groups are swept.
"""

from __future__ import annotations

import os
import secrets
import signal
import time
from pathlib import Path

from graders.sandbox.reaper import owner_gone, owner_id

V2_PARENT = "arena-sandbox"
PREFIX = "arena-box-"
MIB = 1024 * 1024


def _mounts() -> tuple[Path | None, Path | None]:
    """Return the cgroup v2 mount with a memory controller and the v1 memory mount."""
    v2 = v1 = None
    for line in Path("/proc/self/mounts").read_text().splitlines():
        _, target, kind, options, *_ = line.split()
        if kind == "cgroup2" and "memory" in _read(Path(target) / "cgroup.controllers").split():
            v2 = v2 or Path(target)
        elif kind == "cgroup" and "memory" in options.split(","):
            v1 = v1 or Path(target)
    return v2, v1


def _read(path: Path) -> str:
    try:
        return path.read_text()
    except OSError:
        return ""


def _own_group(version: int) -> str:
    """Return this process's group path in the v1 memory hierarchy or in v2."""
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        number, controllers, path = line.split(":", 2)
        in_v1 = "memory" in controllers.split(",")
        if (version == 2 and number == "0") or (version == 1 and in_v1):
            return path.lstrip("/")
    return ""


def parent_folder() -> tuple[Path, int] | None:
    """Return where box groups go and the cgroup version, or None where this host has none."""
    v2, v1 = _mounts()
    if v2 is not None:
        parent = v2 / V2_PARENT
        try:
            parent.mkdir(exist_ok=True)
            (v2 / "cgroup.subtree_control").write_text("+memory")
            (parent / "cgroup.subtree_control").write_text("+memory")
            return parent, 2
        except OSError:
            pass
    if v1 is not None:
        parent = v1 / _own_group(1)
        if parent.is_dir() and (parent / "cgroup.procs").exists():
            return parent, 1
    return None


def sweep(parent: Path) -> None:
    """Remove the empty box groups of grading processes that died before removing them (never
    a live process's: between its creation and its box joining it, a group is empty)."""
    for folder in parent.glob(PREFIX + "*"):
        owner = folder.name.removeprefix(PREFIX).rpartition("~")[0]
        if owner and not owner_gone(owner):
            continue
        try:
            folder.rmdir()
        except OSError:  # still in use by a live box
            pass


class BoxCgroup:
    """One box's memory group: its limit, whether it ran out, and its removal."""

    def __init__(self, path: Path, version: int) -> None:
        self.path, self.version = path, version

    @classmethod
    def create(cls, parent: tuple[Path, int] | None, memory_mb: int) -> BoxCgroup | None:
        """Make a group limited to `memory_mb` of memory and no swap; None if it cannot be."""
        if parent is None:
            return None
        folder, version = parent
        group = cls(folder / f"{PREFIX}{owner_id()}~{secrets.token_hex(8)}", version)
        try:
            group.path.mkdir()
            group._limit(memory_mb * MIB)
        except OSError:
            group.remove()
            return None
        return group

    def _limit(self, limit: int) -> None:
        if self.version == 2:
            (self.path / "memory.max").write_text(str(limit))
            swap = self.path / "memory.swap.max"
            if swap.exists():
                swap.write_text("0")
            return
        (self.path / "memory.limit_in_bytes").write_text(str(limit))
        with_swap = self.path / "memory.memsw.limit_in_bytes"
        if with_swap.exists():  # only where the kernel accounts swap
            with_swap.write_text(str(limit))
        (self.path / "memory.swappiness").write_text("0")

    def oom_killed(self) -> bool:
        """Tell whether the kernel killed a process of the box for want of memory."""
        name = "memory.events" if self.version == 2 else "memory.oom_control"
        for line in _read(self.path / name).splitlines():
            key, _, value = line.partition(" ")
            if key == "oom_kill" and value.strip().isdigit():
                return int(value) > 0
        return False

    def remove(self) -> None:
        """Remove the group once its processes are gone (they may take a moment to die)."""
        deadline = time.monotonic() + 10
        while self.path.exists():
            try:
                self.path.rmdir()
            except OSError:
                if time.monotonic() > deadline:
                    return  # swept by the next sandbox that starts
                self._kill_left()
                time.sleep(0.01)

    def _kill_left(self) -> None:
        """Kill what is still in the group: the box's PID 1 took the rest with it already."""
        for pid in _read(self.path / "cgroup.procs").split():
            try:
                os.kill(int(pid), signal.SIGKILL)
            except ProcessLookupError:
                pass
