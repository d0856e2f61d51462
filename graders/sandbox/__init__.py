"""One interface for every sandbox backend: run the runner on one job, under limits."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

RUNNER_PATH = Path(__file__).resolve().parents[1] / "images" / "python" / "runner.py"


@dataclass(frozen=True)
class Limits:
    """Limits enforced from outside the learner's process."""

    wall_seconds: float = 10.0
    cpu_seconds: float = 10.0
    memory_mb: int = 512
    pids: int = 64
    file_size_mb: int = 16
    open_files: int = 256
    max_stdout_bytes: int = 16 * 1024 * 1024
    max_stderr_bytes: int = 1024 * 1024


@dataclass
class RunOutcome:
    """What came out of one sandbox run, before anyone interprets it."""

    stdout: bytes
    stderr: bytes
    exit_code: int | None
    timed_out: bool = False
    oom_killed: bool = False
    output_exceeded: bool = False
    seconds: float = 0.0


class Sandbox(Protocol):
    """A backend that runs the runner on one JSON job and returns its raw outcome."""

    name: str
    reason: str

    def run(self, job: dict, limits: Limits) -> RunOutcome:
        """Run one job to completion or to a limit, always cleaning up."""


class SandboxUnavailable(RuntimeError):
    """The requested backend cannot run on this machine."""


def select_sandbox(name: str | None = None, hide: tuple[str, ...] = ()) -> Sandbox:
    """Return the backend named, or the best one this machine offers.

    `hide` lists host folders (challenges, data) that a backend sharing the host's file
    system must keep out of the box's sight.
    """
    from graders.sandbox.process import ProcessSandbox

    if name in (None, "", "process"):
        reason = "ARENA_SANDBOX=process" if name == "process" else "the default for now"
        return ProcessSandbox(reason=reason, hide=hide)
    raise SandboxUnavailable(f"unknown sandbox backend {name!r}; use 'process'")
