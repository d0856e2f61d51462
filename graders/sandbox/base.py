"""The types every sandbox backend shares: limits, a run's raw outcome, the protocol."""

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
    memory_per_box: bool  # memory limited for the box as a whole, not per process

    def run(self, job: dict, limits: Limits, hidden: bool = False) -> RunOutcome:
        """Run one job to completion or to a limit, always cleaning up. A `hidden` job (one
        that holds hidden inputs) runs from files that no box of a public job reads."""

    def close(self) -> None:
        """Release what the backend holds (a warm pool's containers); idempotent."""


class SandboxUnavailable(RuntimeError):
    """The requested backend cannot run on this machine."""


class BoxFailed(RuntimeError):
    """A box could not be set up: the platform's fault, never the learner's."""
