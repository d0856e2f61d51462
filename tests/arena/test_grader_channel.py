"""The web process's side of its grading processes (arena.jobs.processes), with a stand-in child:
what a grading process tells on its stdout wakes the reads waiting for that verdict, and its
counters outlive it. The real processes: tests/e2e/test_grading_processes.py."""

from __future__ import annotations

import json
import subprocess
import sys

from arena.jobs import finished
from arena.jobs.processes import GradingProcesses
from arena.models import Submission


def test_a_told_verdict_wakes_its_waiting_reads_and_an_ended_processs_counts_stay(app):
    said = [{"done": "submission:41"},
            {"state": {"threads": 2, "pools": {}}, "counts": {"lease_requeues": 3}},
            "not a line of ours"]
    script = "".join(f"print({json.dumps(json.dumps(line))})\n" for line in said)
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    processes = GradingProcesses(app, 1, env={})
    processes._stopping.set()  # the child ends by itself: no new one
    with (finished.watching(Submission, 41) as verdict,
          finished.watching(Submission, 42) as other):
        processes._hear(0, child)
        assert verdict.is_set() and not other.is_set()
    assert processes.states() == []  # it ended
    assert processes.counts() == {"lease_requeues": 3}
