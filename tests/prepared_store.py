"""Prepared cases (`Prepared.to_json()`) by a version's content hash, for the tests' fixtures.

Preparing the whole catalog takes about a minute and a half of both cores. `make test` runs its
lanes as separate pytest processes side by side and names one file for all of them
(ARENA_TEST_PREPARED): what one process prepared, the others read instead of preparing it again,
and a process that finds another preparing waits for it. Without that variable the store lives
for the session only. Preparing is a function of the content alone (the database plays no part),
and the file is new for each run of `make test`, so no engine of an earlier run is trusted.
"""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

VARIABLE = "ARENA_TEST_PREPARED"


class PreparedStore:
    """A session's prepared data, shared through a file when `path` names one."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._known: dict[str, Any] = {}
        self._read = 0  # the bytes of the file read so far

    @classmethod
    def from_environment(cls) -> PreparedStore:
        named = os.environ.get(VARIABLE)
        return cls(Path(named) if named else None)

    def get(self, content_hash: str) -> Any | None:
        """Return the prepared data of this content, if this or another process has it."""
        if content_hash not in self._known and self.path is not None and self.path.exists() \
                and self.path.stat().st_size > self._read:
            with self._locked(fcntl.LOCK_SH), self.path.open("rb") as kept:
                kept.seek(self._read)  # the file only grows: read what came since
                for line in kept:
                    known, _, data = line.decode("utf-8").partition("\t")
                    self._known.setdefault(known, json.loads(data))
                self._read = kept.tell()
        return self._known.get(content_hash)

    def put(self, content_hash: str, data: Any) -> None:
        """Keep the prepared data of this content (once), for this and the other processes."""
        if content_hash in self._known:
            return
        self._known[content_hash] = data
        if self.path is not None:
            with self._locked(fcntl.LOCK_EX), self.path.open("a", encoding="utf-8") as out:
                out.write(f"{content_hash}\t{json.dumps(data)}\n")

    @contextmanager
    def preparing(self) -> Iterator[None]:
        """Hold the store while preparing many versions: another process that wants the same
        waits, then reads what this one kept."""
        with self._locked(fcntl.LOCK_EX, "preparing"):
            yield

    @contextmanager
    def _locked(self, how: int, what: str = "file") -> Iterator[None]:
        if self.path is None:
            yield
            return
        with open(self.path.with_name(f"{self.path.name}.{what}.lock"), "a") as lock:
            fcntl.flock(lock, how)
            try:
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)
