"""Compose tier: a worker container killed and removed leaves its sandbox containers behind
(`down -v` knows nothing of them); the worker started in its place reaps them.

The dead worker's registration expires one lease after its last heartbeat, and the new
worker's reaper (a round every third of a lease) removes its boxes once it has seen it missing
for a whole lease: with the default lease of 30 s, within 80 s of the new worker's start
(docs/deploy.md).
"""

from __future__ import annotations

import json

from tests.compose.stack import CORRECT, Stack, run, wait

LEASE_SECONDS = 30  # ARENA_LEASE_SECONDS's default: the stack sets no other
# 80 s once the new worker runs (its start, then two leases and a round), with room for a
# loaded host: the bound of the wait, not a measure of speed.
REAPED_WITHIN = 6 * LEASE_SECONDS


def labels(container: str) -> dict[str, str] | None:
    """Return a container's labels, or None if it is gone (a pool replaces its boxes)."""
    found = run(["docker", "inspect", "-f", "{{json .Config.Labels}}", container], check=False)
    return json.loads(found.stdout) if found.returncode == 0 else None


def test_a_killed_worker_s_sandboxes_are_reaped_by_the_worker_started_in_its_place(
        stack: Stack) -> None:
    stack.build()
    stack.up("--scale", "worker=1")
    token = stack.user("kim")
    assert stack.verdict(token, stack.submit(token, CORRECT))["verdict"] == "accepted"
    (dead,) = stack.note_workers()
    marked = wait("the worker's warm sandboxes", lambda: [
        (cid, marks) for cid, host in stack.sandboxes().items()
        if host == dead and (marks := labels(cid)) is not None], timeout=120)
    for _, marks in marked:  # whose they are, and when they must be gone by
        assert marks["arena.owner"].startswith(f"{dead}:worker:"), marks
        assert float(marks["arena.deadline"]) > 0, marks

    (worker,) = stack.containers("worker")
    run(["docker", "kill", worker])
    run(["docker", "rm", worker])
    assert any(host == dead for host in stack.sandboxes().values()), \
        "the killed worker's sandboxes vanished by themselves"

    stack.compose("up", "-d", "--no-recreate", "--scale", "worker=1", timeout=600)
    (replacement,) = wait("the replacement worker running",
                          lambda: stack.note_workers() - {dead}, timeout=240)
    stack.timed("reaped", lambda: wait(
        "the dead worker's sandboxes removed",
        lambda: not any(host == dead for host in stack.sandboxes().values()),
        timeout=REAPED_WITHIN))
    assert stack.verdict(token, stack.submit(token, CORRECT))["verdict"] == "accepted"
    assert replacement in stack.sandboxes().values(), "the live worker's sandboxes were reaped"
    print(f"compose reaper timings (s): {stack.timings}")
