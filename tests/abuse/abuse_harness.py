"""The abuse suite's machinery: hostile submissions, their headers, backends and host canaries.

Every file in submissions/ is a solution of the `softmax` challenge that also attacks the
sandbox, with its expected verdict in a header of `# key: value` lines:

    # expect: accepted                 the verdict on every backend
    # process: memory_limit_exceeded   the verdict on the process backend, where it differs
    # process-why: ...                 why the process backend cannot hold it (docs say so too)
    # docker: ...                      the verdict on the Docker backend, where it differs
    # xfail-process: ...               a known hole of that backend: xfail(strict=True)
    # xfail-docker: ...
    # time-limit: 3                    the challenge's time limit for this case (seconds)
    # max-seconds: 8                   the grading must end within this many seconds
    # before: other.py                 grade that submission first (it must be accepted)
    # needs: memory-per-box            only on a backend that limits the box's memory as a
    #                                  whole (skipped, or failed where the tier is required)
    # needs: torch                     only where the box can import PyTorch (likewise)
    # why: ...                         what the attack is and what defence the verdict proves

A header value may go on over the following comment lines indented by three spaces (`#   ...`).

Before any box starts, the suite plants canaries for the attacks to find: secrets in the
grading process's environment, a hidden data folder (outside /tmp) holding a database and a
secret key, a file in the grading user's home, a TCP listener on the host's loopback and a
Unix socket on the host's file system. A submission that finds one answers with a marker, so
that a working attack changes the verdict.
"""

from __future__ import annotations

import dataclasses
import os
import socket
from pathlib import Path

import pytest

from graders.challenge.spec import load_challenge
from graders.grading.prepare import prepare
from graders.sandbox.base import SandboxUnavailable
from graders.sandbox.process import BOX_UID_BASE, namespace_prefix
from graders.sandbox.selection import select_sandbox
from graders.verdicts import Verdict
from tests.torch_required import torch_missing

REPO = Path(__file__).resolve().parents[2]
CHALLENGES = REPO / "challenges"
SUBMISSIONS = Path(__file__).resolve().parent / "submissions"
BACKENDS = ("process", "docker")
DOCKER_POOL = 1  # one box: every job runs in the container the jobs before it used, unless recycled
CANARY = "arena-abuse-canary"
CANARY_PORT = 47913
CANARY_SOCKETS = (Path("/run/arena-abuse-canary.sock"), REPO / ".arena-abuse-canary.sock")
CANARY_ENV = {
    "ARENA_SECRET_KEY": f"{CANARY}-secret-key-of-the-host",  # the least length, 32, or more
    "ARENA_ABUSE_TOKEN": f"{CANARY}-token",
    "AWS_SECRET_ACCESS_KEY": f"{CANARY}-aws",
}
PWNED_GLOB = "arena-abuse-pwned-*"
LINGER_NAME = "abuse-linger"
VERDICTS = {str(v) for v in Verdict} - {str(Verdict.INTERNAL_ERROR)}
KEYS = {"expect", "process", "process-why", "docker", "xfail-process", "xfail-docker",
        "time-limit", "max-seconds", "before", "needs", "why"}
# A header's need: the sandbox attribute it reads, or (torch) whether the box can import PyTorch
# (the Docker image always can; the process box when its interpreter has it).
NEEDS = {"memory-per-box": "memory_per_box", "torch": None}


@dataclasses.dataclass(frozen=True)
class Submission:
    """One hostile submission and what its header expects."""

    path: Path
    header: dict[str, str]

    @property
    def name(self) -> str:
        """Return the file's stem, the case's id."""
        return self.path.stem

    @property
    def code(self) -> str:
        """Return the source."""
        return self.path.read_text(encoding="utf-8")

    def expected(self, backend: str) -> str:
        """Return the verdict expected on `backend`."""
        return self.header.get(backend, self.header["expect"])

    def xfail(self, backend: str) -> str | None:
        """Return why this case is a known hole of `backend`, or None."""
        return self.header.get(f"xfail-{backend}")

    def unmet_need(self, sandbox) -> str | None:
        """Return the need of the header that `sandbox` does not meet, or None."""
        need = self.header.get("needs")
        if need == "torch":
            return need if sandbox.name == "process" and torch_missing() else None
        return need if need and not getattr(sandbox, NEEDS[need]) else None

    def number(self, key: str) -> float | None:
        """Return a numeric header value, or None when absent."""
        return float(self.header[key]) if key in self.header else None


def read_header(path: Path) -> dict[str, str]:
    """Read the leading `# key: value` comment lines (values may go on over `#   ` lines)."""
    header: dict[str, str] = {}
    key = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        body = line[1:]
        if body.startswith("   ") and key:
            header[key] += " " + body.strip()
            continue
        name, sep, value = body.strip().partition(":")
        if not sep or " " in name:
            key = None
            continue
        key = name.strip().lower()
        header[key] = value.strip()
    return header


def load_submissions() -> list[Submission]:
    """Return every hostile submission, sorted by name."""
    return [Submission(p, read_header(p)) for p in sorted(SUBMISSIONS.glob("*.py"))]


def docker_required() -> bool:
    """Tell whether a missing Docker tier must fail rather than skip (CI sets this)."""
    return os.environ.get("ARENA_REQUIRE_DOCKER") == "1"


def namespaces_required() -> bool:
    """Tell whether a process backend without namespaces must fail rather than skip."""
    return os.environ.get("ARENA_REQUIRE_NAMESPACES") == "1"


def unavailable(reason: str, required: bool) -> None:
    """Skip the tier, or fail it when the environment says it is required."""
    if required:
        pytest.fail(reason)
    pytest.skip(reason)


@dataclasses.dataclass
class Engine:
    """A backend ready to grade: its sandbox, the softmax spec and its prepared cases."""

    backend: str
    sandbox: object
    spec: object
    prepared: object


@dataclasses.dataclass
class HostState:
    """What the suite planted on the host and what the host looked like before."""

    data_dir: Path
    tmp_before: set[str]
    disk_free_before: int
    own_scratch: Path  # the tests' own tmp_path folders (their databases), not a box's
    canary_files: list[Path]
    canary_socket: Path | None
    used: set[str] = dataclasses.field(default_factory=set)


def listen_tcp() -> socket.socket | None:
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        listener.bind(("127.0.0.1", CANARY_PORT))
        listener.listen(64)
    except OSError:  # the port is taken: the case still tries PostgreSQL, Redis and others
        listener.close()
        return None
    return listener


def listen_unix() -> tuple[socket.socket | None, Path | None]:
    for path in CANARY_SOCKETS:
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            if path.exists() or path.is_symlink():
                path.unlink()
            listener.bind(str(path))
            path.chmod(0o777)
            listener.listen(64)
        except OSError:
            listener.close()
            continue
        return listener, path
    return None, None


def allocated_bytes(folder: Path) -> int:
    """Return the disk space allocated to the files under `folder`."""
    total = 0
    for directory, _, names in os.walk(folder):
        for name in names:
            try:
                total += os.lstat(os.path.join(directory, name)).st_blocks * 512
            except OSError:
                continue
    return total


def plant(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    path.chmod(0o644)  # readable by anyone: only hiding the folder can protect it
    return path


class Engines:
    """Backends built on first use, once per session; unavailable ones skip (or fail)."""

    def __init__(self, host: HostState) -> None:
        self.host = host
        self.ready: dict[str, Engine] = {}
        self.missing: dict[str, str] = {}

    def get(self, backend: str) -> Engine:
        """Return the engine of `backend`, or skip/fail the calling test."""
        if backend not in self.ready and backend not in self.missing:
            self._build(backend)
        if backend in self.missing:
            required = docker_required() if backend == "docker" else namespaces_required()
            unavailable(self.missing[backend], required)
        self.host.used.add(backend)
        return self.ready[backend]

    def _build(self, backend: str) -> None:
        if backend == "process" and namespace_prefix() is None:
            self.missing[backend] = ("the kernel refuses new namespaces here, so the process "
                                     "backend holds almost nothing (ARENA_REQUIRE_NAMESPACES=1 "
                                     "makes this a failure)")
            return
        try:
            # Docker with a small warm pool: the production path, where most runs get a
            # container started ahead of demand (their limits match the pool's).
            options = {"pool_size": DOCKER_POOL} if backend == "docker" else {}
            sandbox = select_sandbox(backend, **options)
        except SandboxUnavailable as exc:
            self.missing[backend] = (f"no {backend} sandbox here ({exc}); "
                                     "ARENA_REQUIRE_DOCKER=1 makes this a failure")
            return
        spec = load_challenge(CHALLENGES / "softmax")
        self.ready[backend] = Engine(backend, sandbox, spec, prepare(spec, sandbox))

    def close(self) -> None:
        """Shut down every backend that keeps something running (a warm pool)."""
        engines, self.ready = list(self.ready.values()), {}
        for engine in engines:
            for method in ("close", "shutdown", "drain", "stop"):
                closer = getattr(engine.sandbox, method, None)
                if callable(closer):
                    closer()
                    break


def processes_named(name: str) -> list[str]:
    """Return `pid comm` of every host process whose name is `name`."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                comm = (entry / "comm").read_text().strip()
            except OSError:
                continue
            if comm == name:
                found.append(f"{entry.name} {comm}")
    return found


BOX_UIDS = -1  # any uid a box runs as: each job's own high uid, or 65534 (nobody)


def box_uid(uid: int) -> bool:
    """Tell whether `uid` is one a sandbox box runs as."""
    return uid == 65534 or uid >= BOX_UID_BASE


def processes_of_uid(uid: int) -> list[str]:
    """Return `pid cmdline` of every host process whose real uid is `uid` (as `pgrep -u`)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        uids = next((line.split()[1:] for line in status.splitlines()
                     if line.startswith("Uid:")), [])
        if uids and (int(uids[0]) == uid or uid == BOX_UIDS and box_uid(int(uids[0]))):
            found.append(f"{entry.name} {cmdline.strip()[:200]}")
    return found
