"""What the separate hidden box costs: grading in one box (as before) against two boxes.

Grades the `softmax` reference through the engine alone (no web server, no database): once
with every case in a single box, the way a submission was graded before hidden inputs got a
box of their own, and once with `graders.grading.grade` (the public box and the hidden box side by
side). Latency over sequential gradings, then throughput with `--clients` at once.
Usage: .venv/bin/python bench/hidden_box_cost.py [--runs 30] [--clients 4] [--out FILE]
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from functools import partial
from pathlib import Path

from measure import measure

from graders.challenge.spec import load_challenge
from graders.grading.grade import grade, run_box
from graders.grading.prepare import prepare
from graders.sandbox.selection import select_sandbox

ROOT = Path(__file__).resolve().parents[1]
SLUG = "softmax"
BACKENDS = {"process": {"name": "process"}, "Docker, warm pool of 4": {"name": "docker",
                                                                       "pool_size": 4}}


def timed(call) -> float:
    """Call once; return the seconds it took."""
    started = time.perf_counter()
    call()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    spec = load_challenge(ROOT / "challenges" / SLUG)
    rows = {}
    for label, options in BACKENDS.items():
        sandbox = select_sandbox(**options)
        try:
            prepared = prepare(spec, sandbox)
            one_box = partial(run_box, spec, prepared.cases, spec.reference, sandbox)
            two_boxes = partial(grade, spec, prepared, spec.reference, sandbox)
            for name, call in ((f"{label}: one box, every case", one_box),
                               (f"{label}: public box + hidden box", two_boxes)):
                call()  # warm-up
                rows[name] = measure(partial(timed, call), args.runs, args.clients)
        finally:
            sandbox.close()
    report = render(rows, args, len(prepared.cases))
    print(report)
    if args.out:
        args.out.write_text(report, encoding="utf-8")


def render(rows: dict, args, cases: int) -> str:
    """Write the table as Markdown."""
    lines = ["| grading | median (ms) | p95 (ms) | gradings/s with "
             f"{args.clients} clients |", "|---|---|---|---|"]
    for name, row in rows.items():
        lines.append(f"| {name} | {row['median'] * 1000:.1f} | {row['p95'] * 1000:.1f} | "
                     f"{row['throughput']:.1f} |")
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Linux {platform.release()}"
    return (f"Measured {time.strftime('%Y-%m-%d')} on {machine}; {args.runs} gradings per row, "
            f"`{SLUG}` reference ({cases} cases).\n\n" + "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
