"""Workers' registrations in Redis and the reaper's judgement of their sandbox containers, on
a real Redis (a database number of this module's) and a real Docker engine."""

from __future__ import annotations

import os
import socket
import time
import uuid

import pytest

from arena.jobs.workers import KEY, PREFIX, WorkerRegistry
from graders.sandbox.reaper import labels, reap, strays

LEASE = 0.6  # seconds: the tests wait a lease or two, never assert how long anything took
TEST_RUN = uuid.uuid4().hex  # labels this module's containers, which alone it reaps


@pytest.fixture
def registry_url(redis_url: str) -> str:
    return f"{redis_url}?db=13"


@pytest.fixture
def registries(registry_url):
    """Start registries on demand; stop those still running at the end."""
    started: list[WorkerRegistry] = []

    def start() -> WorkerRegistry:
        started.append(WorkerRegistry(registry_url, LEASE).start())
        return started[-1]
    yield start
    for registry in started:
        registry.stop()


def test_a_live_worker_is_never_dead_and_a_stopped_one_is_after_a_lease(registries):
    judge, other = registries(), registries()
    assert judge.ours in other.owner  # one registry, one id
    assert not judge.dead(judge.owner) and not judge.dead(other.owner)
    time.sleep(LEASE * 2)
    assert not judge.dead(other.owner)  # its heartbeats renewed it
    other.stop()
    assert not judge.dead(other.owner)  # first seen missing: not yet
    time.sleep(LEASE)
    assert judge.dead(other.owner)


def test_an_emptied_redis_makes_no_live_worker_dead(registries):
    judge, other = registries(), registries()
    judge.redis.delete(KEY + other.owner)  # what a Redis restarted empty shows
    assert not judge.dead(other.owner)
    time.sleep(LEASE)  # three heartbeats of the other worker: its key is back
    assert not judge.dead(other.owner)


def test_owners_of_another_registry_or_a_live_process_are_not_judged_dead(registries):
    judge = registries()
    foreign = f"{socket.gethostname()}:{PREFIX}0ther1d:{uuid.uuid4().hex[:12]}"
    assert not judge.dead(foreign)
    time.sleep(LEASE)
    assert not judge.dead(foreign)  # another deployment's worker: its boxes go at deadline
    host = socket.gethostname()
    assert judge.dead(f"{host}:999999:1")  # a process of this host that is gone
    with open(f"/proc/{os.getpid()}/stat") as stat:
        started = stat.read().rsplit(")", 1)[1].split()[19]
    assert not judge.dead(f"{host}:{os.getpid()}:{started}")  # this process


@pytest.fixture
def docker_client(make_sandbox):
    sandbox = make_sandbox("docker")  # skips without Docker, unless ARENA_REQUIRE_DOCKER=1
    sandbox.close()
    return sandbox.client, sandbox.image


def test_the_reaper_removes_a_dead_workers_containers_and_spares_a_live_ones(
        registries, docker_client):
    client, image = docker_client
    judge, live, dead = registries(), registries(), registries()
    mine = f"arena.test={TEST_RUN}"

    def box(owner: str) -> str:
        return client.api.create_container(image, command=["0"], labels={
            **labels(owner, time.time() + 3600), "arena.test": TEST_RUN})["Id"]
    kept, orphan = box(live.owner), box(dead.owner)
    try:
        dead.stop()
        assert strays(client, judge.dead, (mine,)) == []  # missing once is not dead yet
        time.sleep(LEASE)
        assert reap(client, judge.dead, (mine,)) == 1
        assert [c["Id"] for c in client.api.containers(all=True, filters={"label": mine})] \
            == [kept]
    finally:
        for container in client.api.containers(all=True, filters={"label": mine}):
            client.api.remove_container(container["Id"], force=True)
        assert orphan not in {c["Id"] for c in client.api.containers(all=True)}
