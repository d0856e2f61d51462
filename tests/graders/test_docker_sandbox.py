"""The Docker backend's own promises: a warm pool that refills, heals and drains; a reaper."""

import os
import subprocess
import sys
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest

from graders.protocol import call_job, parse_run
from graders.sandbox import containers
from graders.sandbox.base import Limits
from graders.sandbox.containers import BOX_LAST_JOB_SECONDS, COLD_IDLE_SECONDS, WALL_GRACE_SECONDS
from graders.sandbox.reaper import (
    DEADLINE_LABEL,
    OWNER_LABEL,
    labels,
    owner_gone,
    reap,
    strays,
)

pytestmark = pytest.mark.sandbox
DOUBLE = call_job("def f(x):\n    return [2 * v for v in x]\n", "f",
                  [{"args": [[1.0, 2.0]], "kwargs": {}}], "solution.py", [10])


@pytest.fixture
def docker_sandbox(make_sandbox):
    sandbox = make_sandbox("docker")
    yield sandbox
    sandbox.close()


def doubled(sandbox, hidden: bool = False) -> list:
    results = parse_run(sandbox.run(DOUBLE, Limits(), hidden=hidden).stdout).results
    return results[0]["output"] if results else None


def ours(sandbox, hidden: bool = False) -> list[dict]:
    """Return the backend's containers of the public image (or of the hidden one)."""
    image = sandbox.hidden_image if hidden else sandbox.image
    return [c for c in sandbox.client.api.containers(
        all=True, filters={"label": f"{OWNER_LABEL}={sandbox.owner}"}) if c["Image"] == image]


def wait_until(predicate, seconds=60):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.2)
    return False


def test_a_burst_runs_on_the_pooled_boxes_which_are_lent_again(docker_sandbox):
    """More jobs at once than boxes: they wait for a pooled box rather than starting cold."""
    assert wait_until(lambda: len(docker_sandbox.pool.ready) == 2)
    first = {box.container.id for box in docker_sandbox.pool.ready}
    with ThreadPoolExecutor(4) as pool:
        outputs = list(pool.map(lambda _: doubled(docker_sandbox), range(8)))
    assert outputs == [[2.0, 4.0]] * 8
    assert wait_until(lambda: len(docker_sandbox.pool.ready) == 2)
    assert {box.container.id for box in docker_sandbox.pool.ready} == first
    assert sum(box.jobs for box in docker_sandbox.pool.ready) == 8
    assert {c["Id"] for c in ours(docker_sandbox)} == first  # no cold box was needed


def test_a_box_is_replaced_after_its_number_of_jobs(docker_sandbox, monkeypatch):
    monkeypatch.setattr(containers, "BOX_MAX_JOBS", 2)
    assert wait_until(lambda: len(docker_sandbox.pool.ready) == 2)
    first = {box.container.id for box in docker_sandbox.pool.ready}
    for _ in range(4):
        assert doubled(docker_sandbox) == [2.0, 4.0]
    assert wait_until(lambda: len(docker_sandbox.pool.ready) == 2
                      and not first & {box.container.id for box in docker_sandbox.pool.ready})
    assert wait_until(lambda: len(ours(docker_sandbox)) == 2)  # the spent ones are removed


def test_the_pool_heals_when_its_containers_die_under_it(docker_sandbox):
    """What an engine restart does to waiting containers: they are gone; jobs still run."""
    assert wait_until(lambda: len(docker_sandbox.pool.ready) == 2)
    for box in list(docker_sandbox.pool.ready):
        box.container.kill()
    assert doubled(docker_sandbox) == [2.0, 4.0]
    assert wait_until(lambda: len(docker_sandbox.pool.ready) == 2
                      and all(running(docker_sandbox, b) for b in docker_sandbox.pool.ready))
    for _ in range(4):  # the two that died are spent; their replacements are lent again
        assert doubled(docker_sandbox) == [2.0, 4.0]


def test_a_box_that_dies_as_it_is_lent_costs_its_job_nothing(docker_sandbox, monkeypatch):
    """Dead after the pool's look at it: the job runs again, once, in a fresh box."""
    assert wait_until(lambda: len(docker_sandbox.pool.ready) == 2)
    for box in list(docker_sandbox.pool.ready):
        box.container.kill()
    assert wait_until(lambda: not any(running(docker_sandbox, b)
                                      for b in docker_sandbox.pool.ready))
    monkeypatch.setattr(docker_sandbox.pool, "alive", lambda box: True)
    assert doubled(docker_sandbox) == [2.0, 4.0]


def running(sandbox, box) -> bool:
    return sandbox.client.api.inspect_container(box.container.id)["State"]["Running"]


def test_hidden_jobs_run_in_boxes_of_their_own_image_and_pool(docker_sandbox):
    """The hidden image is a copy in a layer of its own: no file of it is a public box's."""
    client = docker_sandbox.client
    public = client.api.inspect_image(docker_sandbox.image)
    hidden = client.api.inspect_image(docker_sandbox.hidden_image)
    assert not set(hidden["RootFS"]["Layers"]) & set(public["RootFS"]["Layers"])
    assert {key: hidden["Config"][key] for key in ("Env", "Entrypoint", "User", "WorkingDir")} \
        == {key: public["Config"][key] for key in ("Env", "Entrypoint", "User", "WorkingDir")}
    assert wait_until(lambda: len(docker_sandbox.hidden_pool.ready) == 2)
    lent = {box.container.id for box in docker_sandbox.hidden_pool.ready}
    assert doubled(docker_sandbox, hidden=True) == [2.0, 4.0]
    assert sum(box.jobs for box in docker_sandbox.hidden_pool.ready) == 1
    assert {c["Id"] for c in ours(docker_sandbox, hidden=True)} == lent
    assert sum(box.jobs for box in docker_sandbox.pool.ready) == 0


def test_closing_drains_the_pool_and_leaves_no_container(make_sandbox):
    sandbox = make_sandbox("docker")
    assert wait_until(lambda: len(sandbox.pool.ready) == 2)
    assert doubled(sandbox) == [2.0, 4.0] and doubled(sandbox, hidden=True) == [2.0, 4.0]
    sandbox.close()
    assert ours(sandbox) == [] and ours(sandbox, hidden=True) == []


TEST_RUN = uuid.uuid4().hex  # labels this module's own containers, which alone it reaps


def mine_label() -> str:
    return f"arena.test={TEST_RUN}"


def labelled_box(sandbox, owner: str, deadline: float) -> str:
    """Create (not start) a sandbox container of `owner`, labelled as this module's."""
    return sandbox.client.api.create_container(sandbox.image, command=["0"], labels={
        **labels(owner, deadline), "arena.test": TEST_RUN})["Id"]


def test_the_reaper_removes_strays_of_dead_owners_and_spares_the_living(docker_sandbox):
    docker_sandbox.reaper.stop()  # this test's rounds are the only ones
    client = docker_sandbox.client
    alive, dead = docker_sandbox.owner, f"{os.uname().nodename}:999999:1"  # no such process
    later, mine = time.time() + 3600, mine_label()
    orphan, late = labelled_box(docker_sandbox, dead, later), labelled_box(docker_sandbox, alive, 0)
    live = labelled_box(docker_sandbox, alive, later)
    try:
        assert set(strays(client, owner_gone, (mine,))) == {orphan, late}
        assert reap(client, owner_gone, (mine,)) == 2
        left = client.api.containers(all=True, filters={"label": mine})
        assert [c["Id"] for c in left] == [live]
    finally:
        for container in client.api.containers(all=True, filters={"label": mine}):
            client.api.remove_container(container["Id"], force=True)


def test_an_owner_that_cannot_be_judged_is_spared(docker_sandbox):
    """A registry that does not answer kills no one: the container waits for its deadline."""
    def unknown(owner: str) -> bool:
        raise ConnectionError("the registry is away")
    docker_sandbox.reaper.stop()
    box = labelled_box(docker_sandbox, "worker:elsewhere", time.time() + 3600)
    try:
        assert strays(docker_sandbox.client, unknown, (mine_label(),)) == []
    finally:
        docker_sandbox.client.api.remove_container(box, force=True)


def test_every_box_carries_its_owner_and_a_deadline_it_is_gone_by(docker_sandbox):
    """Pooled boxes (public and hidden) and a fresh one: the owner is the sandbox's, and the
    deadline is the box's maximum age plus its last job, or a fresh box's one job."""
    assert wait_until(lambda: len(docker_sandbox.pool.ready) == 2
                      and len(docker_sandbox.hidden_pool.ready) == 2)
    fresh = Limits(memory_mb=256, wall_seconds=5)  # fits no pooled box
    started = time.time()
    box = docker_sandbox._start(fresh)
    try:
        pooled = ours(docker_sandbox) + ours(docker_sandbox, hidden=True)
        assert len(pooled) == 5  # the fresh box among the public ones
        for container in pooled:
            assert container["Labels"][OWNER_LABEL] == docker_sandbox.owner
            deadline = float(container["Labels"][DEADLINE_LABEL])
            if container["Id"] == box.container.id:
                assert started < deadline <= time.time() + 5 + WALL_GRACE_SECONDS + 1
            else:  # made when the pool filled, moments ago
                born = deadline - docker_sandbox.box_max_age - BOX_LAST_JOB_SECONDS
                assert started - 120 < born <= time.time() + 1
    finally:
        docker_sandbox._remove(box)


def test_a_pooled_box_is_not_lent_for_a_job_that_could_outlast_its_deadline(docker_sandbox):
    assert wait_until(lambda: len(docker_sandbox.pool.ready) == 2)
    first = {box.container.id for box in docker_sandbox.pool.ready}
    longest = docker_sandbox.box_max_age + BOX_LAST_JOB_SECONDS + 60
    outcome = docker_sandbox.run(DOUBLE, Limits(wall_seconds=longest))
    assert parse_run(outcome.stdout).results[0]["output"] == [2.0, 4.0]
    assert wait_until(lambda: len(docker_sandbox.pool.ready) == 2
                      and len(first & {b.container.id for b in docker_sandbox.pool.ready}) == 1)
    assert sum(box.jobs for box in docker_sandbox.pool.ready) == 0  # it ran in a fresh box


def test_an_out_of_memory_kill_is_reported(docker_sandbox):
    grow = {**DOUBLE, "source": "def f(x):\n    chunks = []\n    while True:\n"
                                "        chunks.append(bytearray(32 * 2**20))\n"}
    outcome = docker_sandbox.run(grow, Limits(memory_mb=128))
    assert outcome.oom_killed
    assert parse_run(outcome.stdout).results == []


# A grading process that keeps a warm container and runs an endless job, printing its owner
# id once both containers are up; it is then killed for real, with no reaper left to help. Its
# containers are labelled with an owner of another host (argv[1]), so that no reaper on this
# host (another CI lane's workers) judges them strays before they have ended by themselves.
ORPHANING_GRADER = """
import sys, threading, time
import docker
from graders.protocol import call_job
from graders.sandbox.base import Limits
from graders.sandbox import containers
from graders.sandbox.containers import COLD_IDLE_SECONDS
from graders.sandbox.containers import DockerSandbox
from graders.sandbox.image import image_tag
sandbox = DockerSandbox(docker.from_env(), image_tag(), pool_size=1, pool_idle_seconds=4,
                        owner=sys.argv[1])
while not sandbox.pool.ready:
    time.sleep(0.1)
endless = call_job("def f(x):\\n    while True:\\n        pass\\n", "f",
                   [{"args": [[1.0]], "kwargs": {}}], "solution.py", [10])
threading.Thread(target=sandbox.run, args=(endless, Limits(wall_seconds=3)), daemon=True).start()
print(sandbox.owner, flush=True)
time.sleep(3600)
"""


def test_containers_end_by_themselves_when_their_grader_is_killed(docker_sandbox):
    client = docker_sandbox.client
    elsewhere = f"elsewhere-{uuid.uuid4().hex}:1:0"
    grader = subprocess.Popen([sys.executable, "-c", ORPHANING_GRADER, elsewhere],
                              stdout=subprocess.PIPE, text=True)
    try:
        owner = grader.stdout.readline().strip()
        assert owner == elsewhere, "the grading process did not start its containers"
        time.sleep(1)  # the job reaches the warm container; the pool starts its replacement
    finally:
        grader.kill()
        grader.wait()

    def theirs():
        return client.api.containers(all=True, filters={"label": f"{OWNER_LABEL}={owner}"})
    try:
        assert theirs(), "the grading process left no container to watch"
        # The job's 3 s of wall clock, then 4 s idle at most (a cold box COLD_IDLE_SECONDS):
        # then each box ends itself, with PID 1's exit.
        bound = COLD_IDLE_SECONDS + 15
        assert wait_until(lambda: not any(c["State"] == "running" for c in theirs()), bound), \
            f"a container outlived its grader: {theirs()}"
        assert all(c["State"] == "exited" for c in theirs()), theirs()
        # Then a reaper that knows their owner is dead removes them.
        left = len(theirs())
        assert reap(client, lambda who: who == owner, (f"{OWNER_LABEL}={owner}",)) == left
        assert theirs() == []
    finally:
        for container in theirs():
            client.api.remove_container(container["Id"], force=True)


def test_a_box_ends_as_out_of_memory_when_any_of_its_processes_is_killed(docker_sandbox):
    children = {**DOUBLE, "source": (
        "import os, time\n"
        "def f(x):\n"
        "    for _ in range(3):\n"
        "        if os.fork() == 0:\n"
        "            block = b'x' * (100 << 20)\n"
        "            time.sleep(30)\n"
        "            os._exit(len(block))\n"
        "    time.sleep(30)\n")}
    outcome = docker_sandbox.run(children, Limits(memory_mb=128, wall_seconds=20))
    assert outcome.oom_killed and not outcome.timed_out
