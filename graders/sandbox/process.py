"""The process backend: the runner in a subprocess with namespaces, rlimits and a host clock.

For one person on their own machine without Docker. Weaker than a container by nature (it
shares the host's kernel view of the file system, read-only); docs/security.md says where.
"""

from __future__ import annotations

import ctypes
import json
import os
import secrets
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict
from functools import cache
from pathlib import Path

from graders.sandbox import cgroups
from graders.sandbox.base import RUNNER_PATH, BoxFailed, Limits, RunOutcome
from graders.sandbox.cgroups import BoxCgroup
from graders.sandbox.image import BOX
from graders.sandbox.launcher import READY
from graders.sandbox.mirror import hidden_root
from graders.sandbox.seccomp import profile

LAUNCHER_PATH = Path(__file__).with_name("launcher.py")
NAMESPACE_FLAGS = ["--net", "--ipc", "--pid", "--mount", "--uts", "--fork", "--kill-child",
                   "--mount-proc"]
# The box's root holds the system (these, read-only) and `shown_paths()`, nothing else.
SYSTEM_PREFIXES = ("/usr/", "/bin/", "/sbin/", "/lib", "/etc/")
BOX_UID_BASE, BOX_UID_SPAN = BOX.JOB_UID_BASE, BOX.JOB_UID_SPAN  # the same as a container's
RUNNER_ENV = {
    "PATH": "/usr/local/bin:/usr/bin:/bin",
    "HOME": "/tmp",
    "LANG": "C.UTF-8",
    "LC_ALL": "C.UTF-8",
    "OMP_NUM_THREADS": "1",
    "OPENBLAS_NUM_THREADS": "1",
    "MKL_NUM_THREADS": "1",
}
OOM_POLL_SECONDS = 0.05


@cache
def namespace_prefix() -> tuple[str, ...] | None:
    """Return the `unshare` command that works here, or None where the kernel refuses."""
    if shutil.which("unshare") is None:
        return None
    user = [] if os.geteuid() == 0 else ["--user", "--map-root-user"]
    command = ["unshare", *user, *NAMESPACE_FLAGS, "true"]
    try:
        ok = subprocess.run(command, capture_output=True, timeout=10).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        ok = False
    return tuple(command[:-1]) if ok else None


def box_uid() -> int:
    """Pick an unprivileged uid for one box, far above any account and shared with no other.

    RLIMIT_NPROC counts every process of a uid: with one uid for all boxes, a fork bomb in one
    box would make the next box's start fail with EAGAIN and be graded as the learner's fault.
    """
    return BOX_UID_BASE + secrets.randbelow(BOX_UID_SPAN)


@cache
def orphan_guard() -> tuple[str, ...]:
    """Return a prefix that kills the box if the grading process dies (a crash, kill -9)."""
    return ("setpriv", "--pdeathsig", "KILL", "--") if shutil.which("setpriv") else ()


@cache
def seccomp_available() -> bool:
    """Tell whether libseccomp is here to load the system-call filter with."""
    try:
        ctypes.CDLL("libseccomp.so.2")
    except OSError:
        return False
    return True


def shown_paths() -> list[str]:
    """List the folders the box needs besides the system's: the interpreter's and the runner's."""
    paths = {Path(p).resolve() for p in (sys.prefix, sys.base_prefix, RUNNER_PATH.parent)}
    return sorted(str(p) for p in paths if not str(p).startswith(SYSTEM_PREFIXES))


class ProcessSandbox:
    """Run the runner as a namespaced, rlimited, unprivileged subprocess."""

    name = "process"

    def __init__(self, reason: str = "", mirror_of: str | None = None) -> None:
        self.show = shown_paths()
        self.prefix = namespace_prefix()
        self.mirror = str(hidden_root(mirror_of)) if self.prefix is not None else None
        self.cgroups = cgroups.parent_folder()
        if self.cgroups is not None:
            cgroups.sweep(self.cgroups[0])
        self.memory_per_box = self.cgroups is not None
        self.filtered = seccomp_available()
        self.reason = "; ".join(filter(None, (
            reason,
            f"memory per box (cgroup v{self.cgroups[1]})" if self.cgroups
            else "memory per process: no cgroup to create here",
            "" if self.filtered else "no system-call filter: libseccomp is missing",
            "" if self.prefix else "no namespaces: hidden tests share the host's files")))

    def close(self) -> None:
        """Hold nothing between runs: nothing to release."""

    def run(self, job: dict, limits: Limits, hidden: bool = False) -> RunOutcome:
        """Run one job: prepare a workdir, run, collect, always clean up. A hidden job's box
        reads a private copy of the system's files (graders.sandbox.mirror)."""
        workdir = tempfile.mkdtemp(prefix="arena-box-")
        group = BoxCgroup.create(self.cgroups, limits.memory_mb)
        ready, ready_fd = os.pipe()
        try:
            try:
                started = time.monotonic()
                proc = self._start(self._command(workdir, limits, group,
                                                 self.mirror if hidden else None, ready_fd),
                                   workdir, job, ready_fd)
            finally:
                os.close(ready_fd)  # the box's own now: its end means the box let go of it
            outcome = _collect(proc, limits, started + limits.wall_seconds, group)
            outcome.seconds = time.monotonic() - started
            if _said(ready) != READY:
                raise BoxFailed("the process box was not set up: "
                                + _last_line(outcome.stderr, "no word from its launcher"))
            return outcome
        finally:
            os.close(ready)
            if group is not None:
                group.remove()
            shutil.rmtree(workdir, ignore_errors=True)

    def _command(self, workdir: str, limits: Limits, group: BoxCgroup | None,
                 mirror: str | None, ready_fd: int) -> list[str]:
        namespaced = self.prefix is not None
        root = os.geteuid() == 0
        uid = box_uid() if root else None
        if uid is not None and not namespaced:
            os.chown(workdir, uid, uid)
        config = {
            "namespaces": namespaced,
            "show": self.show,
            "mirror": mirror,
            "tmp_mb": 64,
            "workdir": "/tmp" if namespaced else workdir,
            "limits": asdict(limits),
            "uid": uid,
            "runner": str(RUNNER_PATH),
            "env": RUNNER_ENV,
            "cgroup": group and {"folder": str(group.path), "version": group.version},
            "seccomp": profile() if self.filtered else None,
            "ready_fd": ready_fd,
        }
        launcher = [sys.executable, "-I", "-B", str(LAUNCHER_PATH), json.dumps(config)]
        return [*orphan_guard(), *(self.prefix or ()), *launcher]

    @staticmethod
    def _start(command: list[str], workdir: str, job: dict, ready_fd: int) -> subprocess.Popen:
        proc = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, env=RUNNER_ENV, start_new_session=True, cwd=workdir,
            pass_fds=(ready_fd,),
        )
        threading.Thread(target=_feed, args=(proc.stdin, json.dumps(job).encode()),
                         daemon=True).start()
        return proc


def _said(ready: int) -> bytes:
    """Return what the launcher wrote on its ready pipe (every writer is gone by now)."""
    os.set_blocking(ready, False)
    try:
        return os.read(ready, len(READY) + 1)
    except BlockingIOError:
        return b""


def _last_line(stderr: bytes, default: str) -> str:
    lines = stderr.decode("utf-8", "replace").strip().splitlines()
    return lines[-1][:300] if lines else default


def _feed(pipe, data: bytes) -> None:
    try:
        pipe.write(data)
        pipe.close()
    except OSError:  # the box may be gone before it read its job
        pass


def _kill(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _collect(proc: subprocess.Popen, limits: Limits, deadline: float,
             group: BoxCgroup | None) -> RunOutcome:
    """Read stdout and stderr up to their caps until exit, the deadline, an overflow or, as in
    a container, the first process of the box killed for want of memory."""
    caps = {proc.stdout: limits.max_stdout_bytes, proc.stderr: limits.max_stderr_bytes}
    chunks: dict = {proc.stdout: [], proc.stderr: []}
    sizes = dict.fromkeys(caps, 0)
    timed_out = exceeded = out_of_memory = False
    tick = 0.5 if group is None else OOM_POLL_SECONDS
    with selectors.DefaultSelector() as selector:
        for stream in caps:
            selector.register(stream, selectors.EVENT_READ)
        while selector.get_map():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                timed_out = True
                break
            for key, _ in selector.select(timeout=min(remaining, tick)):
                data = os.read(key.fd, 65536)
                if not data:
                    selector.unregister(key.fileobj)
                    continue
                stream = key.fileobj
                chunks[stream].append(data[: caps[stream] - sizes[stream]])
                sizes[stream] += len(data)
                exceeded = exceeded or sizes[stream] > caps[stream]
            out_of_memory = group is not None and group.oom_killed()
            if exceeded or out_of_memory:
                break
    _kill(proc)
    exit_code = proc.wait()
    out_of_memory = out_of_memory or (group is not None and group.oom_killed())
    for stream in caps:
        stream.close()
    return RunOutcome(
        stdout=b"".join(chunks[proc.stdout]), stderr=b"".join(chunks[proc.stderr]),
        exit_code=exit_code, timed_out=timed_out, output_exceeded=exceeded,
        oom_killed=out_of_memory,
    )
