"""Fixtures of the abuse suite: the host's canaries and the backends (see abuse_harness.py)."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from abuse_harness import (
    CANARY,
    CANARY_ENV,
    REPO,
    Engines,
    HostState,
    listen_tcp,
    listen_unix,
    plant,
)

from graders.sandbox.mirror import hidden_root


@pytest.fixture(scope="session")
def abuse_host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HostState]:
    """Snapshot the host, plant the canaries, and take them all away afterwards."""
    own_scratch = tmp_path_factory.getbasetemp()  # made before the snapshot, measured after
    hidden_root()  # the host's own copy for the process backend's hidden boxes, made first
    # ...and on disk: a filesystem that allocates at write-back counts the copy (hundreds of
    # MiB with PyTorch) against the free space only later, as if a box had written it.
    os.sync()
    tmp = Path(tempfile.gettempdir())
    state_before = {p.name for p in tmp.iterdir()}
    disk_before = shutil.disk_usage(tmp).free
    data_dir = Path(tempfile.mkdtemp(prefix=".arena-abuse-data-", dir=REPO))
    data_dir.chmod(0o755)  # as a data folder usually is: only hiding it can protect it
    files = [
        plant(data_dir / "arena.db", f"SQLite format 3\0{CANARY} users tokens submissions"),
        plant(data_dir / "secret_key", f"{CANARY}-secret-key-file"),
    ]
    home_canary = Path.home() / ".arena-abuse-canary"
    try:
        files.append(plant(home_canary, f"{CANARY} in the grading user's home"))
    except OSError:
        pass
    tcp = listen_tcp()
    unix, unix_path = listen_unix()
    saved_env = {name: os.environ.get(name) for name in CANARY_ENV}
    os.environ.update(CANARY_ENV)
    state = HostState(data_dir, state_before, disk_before, own_scratch, files, unix_path)
    try:
        yield state
    finally:
        for name, value in saved_env.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        for listener in (tcp, unix):
            if listener is not None:
                listener.close()
        if unix_path is not None:
            unix_path.unlink(missing_ok=True)
        home_canary.unlink(missing_ok=True)
        shutil.rmtree(data_dir, ignore_errors=True)


@pytest.fixture(scope="session")
def engines(abuse_host: HostState) -> Iterator[Engines]:
    """Return the session's backends (built lazily, closed at the end)."""
    built = Engines(abuse_host)
    yield built
    built.close()


