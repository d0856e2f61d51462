"""Run a lesson cell's code in the sandbox, as a script, and say what it printed.

The box holds the runner and the code, nothing else (no expected output: the comparison is
made here, outside). Its limits are enforced from outside, as a grading's are; what the runner
sends back is parsed strictly (graders.protocol) and each stream is cut at MAX_CELL_SHOWN
characters. The traceback on stderr names the cell's own frames only (the runner trims it).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from graders.bounds import MAX_CELL_SHOWN
from graders.protocol import parse_run, script_budget, script_job
from graders.sandbox.base import Limits, Sandbox

FILENAME = "cell.py"


@dataclass
class CellRun:
    """What a cell's run printed and how it ended: `limit` names the limit that stopped it
    (`time`, `memory`, `output`), `error_type` the exception that ended it; `failed` when the
    box said nothing readable (the learner's code broke the runner's stream)."""

    stdout: str
    stderr: str
    stdout_truncated: bool = False
    stderr_truncated: bool = False
    error_type: str | None = None
    line: int | None = None
    limit: str | None = None
    failed: bool = False

    def to_json(self) -> dict:
        """Return it as JSON data."""
        return asdict(self)


def cell_limits(seconds: float, memory_mb: int) -> Limits:
    """Return the limits of a cell's box."""
    return Limits(wall_seconds=seconds, cpu_seconds=seconds, memory_mb=memory_mb,
                  max_stdout_bytes=script_budget(), max_stderr_bytes=4 * MAX_CELL_SHOWN)


def run_cell(code: str, sandbox: Sandbox, limits: Limits) -> CellRun:
    """Run `code` as a script in a fresh box; return what it printed."""
    outcome = sandbox.run(script_job(code, FILENAME), limits)
    parsed = parse_run(outcome.stdout)
    stderr = outcome.stderr.decode("utf-8", "replace")
    limit = ("time" if outcome.timed_out else "memory" if outcome.oom_killed
             else "output" if outcome.output_exceeded or parsed.too_large else None)
    script = parsed.script or {}
    return CellRun(stdout=script.get("stdout", ""), stderr=stderr[:MAX_CELL_SHOWN],
                   stdout_truncated=script.get("stdout_truncated", False),
                   stderr_truncated=len(stderr) > MAX_CELL_SHOWN or outcome.output_exceeded,
                   error_type=script.get("error_type"), line=script.get("line"), limit=limit,
                   failed=limit is None and parsed.script is None)
