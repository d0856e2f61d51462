"""How long `arena submit` takes to start: the console script, up to its --help.

Runs `arena submit --help` (the installed console script, next to this Python) N times and
reports the median and p95 wall time of the whole process, and for scale the same for
`arena --help` (the group, which loads no command either), a bare `python -c pass`, and the
server's import (`from arena import create_app; create_app`) that `arena submit` used to pay.
The goal (issue 11) is a start under 0.2 s on this machine.
Usage: .venv/bin/python bench/cli_startup.py [--runs 20] [--out FILE]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

ARENA = str(Path(sys.executable).with_name("arena"))
SERVER_IMPORT = "import arena.api, arena.web, arena.jobs.queue, graders"
COMMANDS = {
    "`arena submit --help`": [ARENA, "submit", "--help"],
    "`arena --help`": [ARENA, "--help"],
    "`python -c pass` (the interpreter alone)": [sys.executable, "-c", "pass"],
    "the server's modules (what `arena submit` imported before)":
        [sys.executable, "-c", SERVER_IMPORT],
}
GOAL_SECONDS = 0.2


def timed(command: list[str]) -> float:
    """Run `command` once; return its wall time in seconds."""
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def measure(command: list[str], runs: int) -> tuple[float, float]:
    """Return the median and p95 wall time of `runs` runs, after one to warm the file cache."""
    timed(command)
    times = sorted(timed(command) for _ in range(runs))
    return statistics.median(times), times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]


def main() -> None:
    """Measure each command and print (or write) a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--out", type=Path)
    options = parser.parse_args()
    lines = [f"{platform.node()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
             f"{options.runs} runs each", "",
             "| command | median (ms) | p95 (ms) |", "|---|---|---|"]
    medians = {}
    for name, command in COMMANDS.items():
        median, p95 = medians[name] = measure(command, options.runs)
        lines.append(f"| {name} | {median * 1000:.0f} | {p95 * 1000:.0f} |")
    submit_median = medians["`arena submit --help`"][0]
    lines += ["", f"goal: `arena submit` starts in under {GOAL_SECONDS * 1000:.0f} ms: "
              + ("met" if submit_median < GOAL_SECONDS else "missed")]
    text = "\n".join(lines) + "\n"
    if options.out:
        options.out.write_text(text, encoding="utf-8")
    print(text, end="")


if __name__ == "__main__":
    main()
