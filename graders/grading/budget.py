"""What preparing or validating one challenge version may take: cases, bytes and seconds.

The defaults below are the platform's documented ones (docs/configuration.md); the app passes
its settings (ARENA_PREPARE_*, ARENA_AUTHORING_SECONDS). Every bound is enforced from outside
the authored code: a box's stdout is capped at the bytes its run may answer with (the host
never reads or parses more), and every box of one preparation or validation ends by one
deadline, however many boxes it takes.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

from graders.sandbox.base import Limits, RunOutcome, Sandbox

MIB = 1024 * 1024


@dataclass(frozen=True)
class Budget:
    """The most one version's prepared data and its preparation or validation may take."""

    cases: int = 100  # cases cases.py may return (each becomes a test row of every submission)
    input_bytes: int = 1 * MIB  # cases.py's answer: the cases' inputs, names and checks
    output_bytes: int = 8 * MIB  # the outputs of the reference and of every mutant together
    seconds: float = 120.0  # a whole preparation, or a whole validation

    def output_share(self, mutants: int) -> int:
        """Return the bytes one run may answer with: the reference and each mutant get an
        equal share of `output_bytes`."""
        return self.output_bytes // (1 + mutants)


#: The documented defaults, for callers that pass no settings (`arena challenges validate`).
DEFAULT_BUDGET = Budget()


class OutOfTime(RuntimeError):
    """A preparation or validation ran past its deadline."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"it took more than {seconds:g} s, the most a whole preparation or "
                         "validation of a version may take")


class Deadline:
    """A sandbox whose boxes all end by one deadline, `seconds` from now.

    Each run's wall clock is cut to the time left; a run cut short, or asked for once the
    time is up, raises OutOfTime. Safe to share between threads.
    """

    def __init__(self, sandbox: Sandbox, seconds: float) -> None:
        self.sandbox, self.seconds = sandbox, seconds
        self.name, self.reason = sandbox.name, sandbox.reason
        self.memory_per_box = sandbox.memory_per_box
        self.ends = time.monotonic() + seconds

    def run(self, job: dict, limits: Limits, hidden: bool = False) -> RunOutcome:
        """Run one job, ending it by the deadline."""
        left = self.ends - time.monotonic()
        if left <= 0:
            raise OutOfTime(self.seconds)
        wall = min(left, limits.wall_seconds)
        outcome = self.sandbox.run(job, replace(limits, wall_seconds=wall), hidden=hidden)
        if wall < limits.wall_seconds and outcome.timed_out:
            raise OutOfTime(self.seconds)
        return outcome

    def close(self) -> None:
        """Nothing to release: the sandbox wrapped is its owner's."""
