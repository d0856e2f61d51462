"""The Docker backend's own promises: a warm pool that refills, heals and drains; a reaper."""

import os
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from graders.protocol import call_job, parse_run
from graders.sandbox import Limits
from graders.sandbox.image import DEADLINE_LABEL, LABEL, OWNER_LABEL, reap

pytestmark = pytest.mark.sandbox
DOUBLE = call_job("def f(x):\n    return [2 * v for v in x]\n", "f",
                  [{"args": [[1.0, 2.0]], "kwargs": {}}], "solution.py", [10])


@pytest.fixture
def docker_sandbox(make_sandbox):
    sandbox = make_sandbox("docker")
    yield sandbox
    sandbox.close()


def doubled(sandbox) -> list:
    results = parse_run(sandbox.run(DOUBLE, Limits()).stdout).results
    return results[0]["output"] if results else None


def ours(sandbox) -> list[dict]:
    return sandbox.client.api.containers(
        all=True, filters={"label": f"{OWNER_LABEL}={sandbox.owner}"})


def wait_until(predicate, seconds=60):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.2)
    return False


def test_the_pool_refills_after_a_burst_and_each_container_serves_once(docker_sandbox):
    assert wait_until(lambda: len(docker_sandbox.pool.ready) == 2)
    first = list(docker_sandbox.pool.ready)
    with ThreadPoolExecutor(4) as pool:
        outputs = list(pool.map(lambda _: doubled(docker_sandbox), range(6)))
    assert outputs == [[2.0, 4.0]] * 6
    assert wait_until(lambda: len(docker_sandbox.pool.ready) == 2)
    assert not {c.id for c in first} & {c.id for c in docker_sandbox.pool.ready}
    # Used containers are removed: only the refilled pool is left.
    assert wait_until(lambda: len(ours(docker_sandbox)) == 2)


def test_the_pool_heals_when_its_containers_die_under_it(docker_sandbox):
    """What an engine restart does to waiting containers: they are gone; jobs still run."""
    assert wait_until(lambda: len(docker_sandbox.pool.ready) == 2)
    for container in list(docker_sandbox.pool.ready):
        container.kill()
    assert doubled(docker_sandbox) == [2.0, 4.0]
    assert wait_until(lambda: len(docker_sandbox.pool.ready) == 2
                      and all(docker_sandbox._running(c) for c in docker_sandbox.pool.ready))


def test_closing_drains_the_pool_and_leaves_no_container(make_sandbox):
    sandbox = make_sandbox("docker")
    assert wait_until(lambda: len(sandbox.pool.ready) == 2)
    assert doubled(sandbox) == [2.0, 4.0]
    sandbox.close()
    assert ours(sandbox) == []


def test_the_reaper_removes_strays_of_dead_owners_and_spares_the_living(docker_sandbox):
    client = docker_sandbox.client
    image = docker_sandbox.image
    dead = client.containers.create(image, labels={
        LABEL: "1", OWNER_LABEL: f"{os.uname().nodename}:999999:1"})
    late = client.containers.create(image, labels={
        LABEL: "1", OWNER_LABEL: docker_sandbox.owner, DEADLINE_LABEL: str(time.time() - 3600)})
    alive = client.containers.create(image, labels={LABEL: "1", OWNER_LABEL: docker_sandbox.owner})
    try:
        assert reap(client) >= 2
        remaining = {c["Id"] for c in client.api.containers(all=True, filters={"label": LABEL})}
        assert dead.id not in remaining and late.id not in remaining
        assert alive.id in remaining
    finally:
        alive.remove(force=True)


def test_an_out_of_memory_kill_is_reported(docker_sandbox):
    grow = {**DOUBLE, "source": "def f(x):\n    chunks = []\n    while True:\n"
                                "        chunks.append(bytearray(32 * 2**20))\n"}
    outcome = docker_sandbox.run(grow, Limits(memory_mb=128))
    assert outcome.oom_killed
    assert parse_run(outcome.stdout).results == []
