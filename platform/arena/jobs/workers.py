"""Live workers: each `arena worker` registers a name of its own in Redis, under a key that
expires one lease (ARENA_LEASE_SECONDS) after its last heartbeat, renewed every third of one;
the key holds the worker's state (grading threads, sandbox pools) for the metrics.

The name is its sandbox containers' owner (graders.sandbox.reaper): the reaper of any worker
on the same engine removes the containers of an owner that is dead, which is its key missing
both now and at a look at least one lease ago. A live worker renews its key within a third of
a lease, so an emptied Redis (a restart) makes no live worker look dead, and a Redis that
cannot be asked makes no one dead. Names carry the registry's own id (kept in Redis), so
that the workers of another deployment on the same engine (another Redis) are not judged by
this one: their containers go at their deadline. Other owners (`arena serve`'s embedded
workers, a command run once) are processes of a host, judged on that host
(graders.sandbox.reaper.owner_gone).
"""

from __future__ import annotations

import json
import logging
import socket
import threading
import time
import uuid

import redis
from flask import Flask

from graders.sandbox.reaper import owner_gone

log = logging.getLogger(__name__)
PREFIX = "worker:"  # after its host, in the name of each worker (host:worker:registry:id)
KEY = "arena:workers:"  # of their keys in Redis
REGISTRY_KEY = "arena:workers"  # the registry's id
RETRY_SECONDS = 2.0


class WorkerRegistry:
    """This worker's name, its heartbeat in Redis, and the judgement of other owners."""

    def __init__(self, redis_url: str, lease_seconds: float) -> None:
        self.lease = float(lease_seconds)
        self.redis = redis.Redis.from_url(redis_url, socket_connect_timeout=2, socket_timeout=5)
        self.registry = self._registry_id()
        self.ours = f"{PREFIX}{self.registry}:"  # how this registry's names go on
        self.owner = f"{socket.gethostname()}:{self.ours}{uuid.uuid4().hex[:12]}"
        self._missing: dict[str, float] = {}  # owner -> when its key was first seen missing
        #: What the metrics show of this worker (worker_state), told by its keeper
        #: (`describe`); until its first round, no thread is grading and no pool is warm.
        self.state: dict = worker_state(0, None)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="arena-heartbeat", daemon=True)

    def _registry_id(self) -> str:
        """Return the registry's id, made by its first worker; wait for Redis to answer."""
        said = False
        while True:
            try:
                self.redis.set(REGISTRY_KEY, uuid.uuid4().hex[:8], nx=True)
                return self.redis.get(REGISTRY_KEY).decode()
            except redis.RedisError as exc:
                if not said:
                    log.warning("waiting for Redis to register this worker (%s)", exc)
                said = True
            time.sleep(RETRY_SECONDS)

    def start(self) -> WorkerRegistry:
        """Register now (logging, not raising, when Redis is away), then every third of a lease."""
        self._beat()
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop the heartbeat and unregister: this worker's containers are gone by now."""
        self._stop.set()
        self._thread.join(timeout=10)
        try:
            self.redis.delete(KEY + self.owner)
        except redis.RedisError:
            pass  # the key expires after a lease

    def describe(self, state: dict) -> None:
        """Show this state (worker_state) in the metrics from now on: sent at once, and with
        every heartbeat after."""
        self.state = state
        self._beat()

    def dead(self, owner: str) -> bool:
        """Tell whether the owner of sandbox containers is dead (never this worker)."""
        name = owner.partition(":")[2]
        if not name.startswith(PREFIX):
            return owner_gone(owner)
        if owner == self.owner or not name.startswith(self.ours):
            return False
        now = time.monotonic()
        if self.redis.exists(KEY + owner):  # a RedisError: the reaper spares the containers
            self._missing.pop(owner, None)
            return False
        return now - self._missing.setdefault(owner, now) >= self.lease

    def _beat(self) -> None:
        try:
            with self.redis.pipeline() as beat:  # the id is set again if Redis was emptied
                beat.set(REGISTRY_KEY, self.registry, nx=True)
                beat.set(KEY + self.owner, json.dumps(self.state), px=int(self.lease * 1000))
                beat.execute()
        except redis.RedisError as exc:
            log.warning("could not renew this worker's registration (%s)", exc)

    def _run(self) -> None:
        while not self._stop.wait(self.lease / 3):
            self._beat()


def worker_state(threads: int, sandbox: object) -> dict:
    """Describe a worker process: its grading threads and its sandbox's warm pools."""
    pools = {name: pool.state() for name, pool in
             (("public", getattr(sandbox, "pool", None)),
              ("hidden", getattr(sandbox, "hidden_pool", None))) if pool is not None}
    return {"threads": threads, "pools": pools}


def live_workers(client: redis.Redis) -> list[dict]:
    """Return the state of every registered live `arena worker` (any registry on `client`),
    each as worker_state makes it, whatever its key holds (an older worker's, an expired one)."""
    keys = list(client.scan_iter(KEY + "*", count=1000))
    return [_read_state(value) for value in client.mget(keys)] if keys else []


def _read_state(value: bytes | None) -> dict:
    """A worker's state from its key: threads and pools, empty where the key says nothing."""
    try:
        found = json.loads(value or b"{}")
    except ValueError:
        found = {}
    found = found if isinstance(found, dict) else {}
    threads, pools = found.get("threads"), found.get("pools")
    return {"threads": threads if isinstance(threads, int) else 0,
            "pools": pools if isinstance(pools, dict) else {}}


def register_worker(app: Flask) -> WorkerRegistry:
    """Register this process as a worker of `app`; its sandbox's containers become this
    registration's (arena.jobs.sandbox.get_sandbox)."""
    registry = WorkerRegistry(app.config["REDIS_URL"], app.config["LEASE_SECONDS"]).start()
    app.extensions["arena.worker"] = registry
    return registry
