"""The Docker backend: locked-down containers, each a zygote that runs jobs one at a time.

A container's PID 1 (the image's init.py) forks a child per job that gets a uid, scratch and
limits of its own, and kills every process of the job before it reports. The warm pool lends
started containers to one job at a time and takes them back for the next, until a container
has run its jobs, is too old or reports an anomaly; a job that no pooled container fits
(other memory or file limits) gets a fresh container for itself alone.
Jobs that hold hidden inputs run in containers of their own image and pool: a copy of the
sandbox image in one layer of its own (graders.sandbox.image.hidden_tag), so that no file page
a hidden box touches is one that a public box can read and time (docs/security.md).
Every container is labelled with its owner and the time by which it must be gone, and removed
in the end: by its sandbox, or by a reaper (graders.sandbox.reaper) once its owner is dead or
its deadline passed.
"""

from __future__ import annotations

import json
import logging
import select
import socket
import struct
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field

import docker

from graders.sandbox.base import Limits, RunOutcome
from graders.sandbox.image import BOX, hidden_tag
from graders.sandbox.pool import WarmPool
from graders.sandbox.reaper import REAP_EVERY_SECONDS, Reaper, labels, owner_gone, owner_id
from graders.sandbox.seccomp import docker_option

log = logging.getLogger(__name__)


HEADER = struct.Struct(">BxxxL")  # the engine's own framing of an attached stream
ENVIRONMENT = {"OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
# A box ends by itself (init.py) when no job comes within these seconds; a pooled box is lent
# only while younger than BOX_MAX_AGE_SECONDS (well inside its wait) and for BOX_MAX_JOBS jobs.
POOL_IDLE_SECONDS = 600.0
COLD_IDLE_SECONDS = 30.0
BOX_MAX_AGE_SECONDS = 300.0
BOX_MAX_JOBS = 200
# A pooled box's deadline: its maximum age, then this long for the last job it is lent for (a
# job that would outlast the deadline runs in a fresh box instead).
BOX_LAST_JOB_SECONDS = 120.0
# The box kills a job at its wall clock; the host gives the box this much longer to say so.
WALL_GRACE_SECONDS = 2.0
POOL_WAIT_SECONDS = 10.0  # a job waits this long for a pooled box before it starts its own
CAPABILITIES = ["SETUID", "SETGID"]  # init.py's, to give each job its uid; no job keeps them


def container_options(image: str, limits: Limits, idle_seconds: float) -> dict:
    """Return the create() options: no network, read-only, no capability but init.py's two,
    hard limits. Memory is the whole box's; the others bound what a job may ask for."""
    memory = f"{limits.memory_mb}m"
    return {
        "image": image, "command": [f"{idle_seconds:g}"],
        "stdin_open": True, "network_mode": "none", "read_only": True,
        "tmpfs": {"/tmp": "rw,noexec,nosuid,nodev,size=64m"}, "cap_drop": ["ALL"],
        "cap_add": CAPABILITIES, "security_opt": ["no-new-privileges", docker_option()],
        "pids_limit": limits.pids + 2,  # init.py and its sweeper beside the job's own
        "mem_limit": memory, "memswap_limit": memory, "nano_cpus": 10**9,
        "user": "0:0", "environment": ENVIRONMENT,
        "ulimits": [docker.types.Ulimit(name="nofile", soft=limits.open_files,
                                        hard=limits.open_files),
                    docker.types.Ulimit(name="core", soft=0, hard=0),
                    docker.types.Ulimit(name="fsize", soft=limits.file_size_mb << 20,
                                        hard=limits.file_size_mb << 20)],
        "log_config": docker.types.LogConfig(type="none"),
    }


def fits(box: Limits, job: Limits) -> bool:
    """Tell whether a box started with `box` limits holds a job's limits exactly."""
    return (box.memory_mb == job.memory_mb and job.pids <= box.pids
            and job.open_files <= box.open_files and job.file_size_mb <= box.file_size_mb)


def job_frame(job: dict, limits: Limits) -> bytes:
    """Return a job as init.py reads it: its length, then the job and its limits as JSON."""
    body = json.dumps({"job": job, "limits": asdict(limits)}).encode()
    return BOX.JOB.pack(len(body)) + body


@dataclass(eq=False)
class Box:
    """A started container and the stream attached to it."""

    container: object
    raw: socket.socket
    wrapper: object
    limits: Limits
    deadline: float  # Unix time, as its DEADLINE_LABEL says
    jobs: int = 0
    born: float = field(default_factory=time.monotonic)


class DockerSandbox:
    """Run jobs in zygote containers; warm pools (public, hidden) lend them one job at a time.

    Its containers are labelled as `owner`'s (by default this process); its reaper removes
    the sandbox containers on the engine whose owner `owner_dead` says is dead, or whose
    deadline passed, at start and every `reap_every` seconds (None: no reaper of its own,
    another sandbox of the process reaps the engine)."""

    name = "docker"
    memory_per_box = True  # the container's cgroup

    def __init__(self, client, image: str, reason: str = "", pool_size: int = 0,
                 pool_limits: Limits | None = None,
                 pool_idle_seconds: float = POOL_IDLE_SECONDS, owner: str | None = None,
                 owner_dead: Callable[[str], bool] = owner_gone,
                 reap_every: float | None = REAP_EVERY_SECONDS) -> None:
        self.client, self.image, self.reason = client, image, reason
        self.hidden_image = hidden_tag(image)
        self.owner = owner or owner_id()
        self.pool_limits, self.pool_idle = pool_limits or Limits(), pool_idle_seconds
        self.box_max_age = min(BOX_MAX_AGE_SECONDS, self.pool_idle * 0.5)
        self._cleaner = ThreadPoolExecutor(max_workers=2, thread_name_prefix="arena-cleanup")
        self.reaper = None if reap_every is None else Reaper(client, owner_dead,
                                                              reap_every).start()
        self.pool, self.hidden_pool = (self._pool(pool_size, hidden) for hidden in (False, True))

    def _pool(self, size: int, hidden: bool) -> WarmPool | None:
        if not size:
            return None
        return WarmPool(lambda: self._start(self.pool_limits, pooled=True, hidden=hidden),
                        self._discard, size, max_age=self.box_max_age, alive=_silent)

    def close(self) -> None:
        """Stop the reaper, drain the pools and wait for pending removals."""
        if self.reaper:
            self.reaper.stop()
        for pool in (self.pool, self.hidden_pool):
            if pool:
                pool.drain()
        self._cleaner.shutdown(wait=True)

    def run(self, job: dict, limits: Limits, hidden: bool = False) -> RunOutcome:
        """Run one job in a pooled box that fits it, or in a fresh one; always hand it back.
        A hidden job runs in a box of the hidden image.

        A pooled box found gone (an engine restart kills them) before it said a word is no
        verdict: the job runs again, once, in a fresh box."""
        pool = self.hidden_pool if hidden else self.pool
        box = pool.take(wait=POOL_WAIT_SECONDS) if pool and fits(self.pool_limits, limits) else None
        ends = time.time() + limits.wall_seconds + WALL_GRACE_SECONDS
        if box is not None and box.deadline < ends:  # the job could outlast the box's deadline
            pool.give_back(box, spent=True)
            box = None
        if box is not None:
            outcome = self._run_in(pool, box, job, limits)
            if outcome is not None:
                return outcome
            log.warning("sandbox box %s was gone before its job: a fresh one runs it",
                        box.container.id[:12])
        return self._run_in(None, self._start(limits, hidden=hidden), job, limits, fresh=True)

    def _run_in(self, pool: WarmPool | None, box: Box, job: dict, limits: Limits,
                fresh: bool = False) -> RunOutcome | None:
        """Run the job in `box` and hand it back to `pool` (or remove it); None when a pooled
        box was gone."""
        spent = True
        try:
            outcome, status = self._talk(box, job, limits)
            spent = status is None or status["recycle"]
            gone = (status is None and not fresh and not outcome.stdout and not outcome.stderr
                    and not outcome.timed_out and not outcome.oom_killed)
            return None if gone else outcome
        finally:
            if pool is not None and pool.owns(box):
                pool.give_back(box, spent=spent or box.jobs >= BOX_MAX_JOBS)
            else:
                self._discard(box)

    def _discard(self, box: Box) -> None:
        self._cleaner.submit(self._remove, box)

    def _start(self, limits: Limits, pooled: bool = False, hidden: bool = False) -> Box:
        lasts = (self.box_max_age + BOX_LAST_JOB_SECONDS if pooled
                 else limits.wall_seconds + WALL_GRACE_SECONDS)
        deadline = time.time() + lasts
        idle = self.pool_idle if pooled else COLD_IDLE_SECONDS
        image = self.hidden_image if hidden else self.image
        container = self.client.containers.create(labels=labels(self.owner, deadline),
                                                  **container_options(image, limits, idle))
        container.start()
        wrapper = self.client.api.attach_socket(
            container.id, params={"stdin": 1, "stdout": 1, "stderr": 1, "stream": 1})
        return Box(container, wrapper._sock, wrapper, limits, deadline)  # the connection itself

    def _remove(self, box: Box) -> None:
        # Close the connection itself (the SDK's wrapper leaves it open): a container whose
        # output nobody reads any more blocks the engine until its stream is gone.
        for stream in (box.raw, box.wrapper):
            try:
                stream.close()
            except OSError:
                pass
        try:
            box.container.remove(force=True)
        except Exception:  # noqa: BLE001 - already gone or the engine is slow: the reaper's job
            pass

    def _talk(self, box: Box, job: dict, limits: Limits) -> tuple[RunOutcome, dict | None]:
        """Hand the box one job and collect what it says; return it and the box's status of
        the job (None when the box ended or ran past its limit without one)."""
        started = time.monotonic()
        box.jobs += 1
        try:
            box.raw.sendall(job_frame(job, limits))
            outcome, status = _collect(box.raw, limits,
                                       started + limits.wall_seconds + WALL_GRACE_SECONDS)
        except OSError:
            outcome, status = RunOutcome(stdout=b"", stderr=b"", exit_code=None), None
        if status is None:  # the box said nothing more: it ended, or is stuck past its limit
            if outcome.timed_out:
                self._kill(box)
            state = self._state(box)
            outcome.exit_code = state.get("ExitCode")
            outcome.oom_killed = bool(state.get("OOMKilled"))
        else:
            outcome.exit_code = status["exit_code"]
            outcome.timed_out = outcome.timed_out or status["timed_out"]
            outcome.oom_killed = status["oom_killed"]
            outcome.output_exceeded = outcome.output_exceeded or status["output_exceeded"]
            if status["left_behind"]:
                log.warning("a job left %s in sandbox box %s: the box is recycled",
                            status["left_behind"], box.container.id[:12])
        outcome.seconds = time.monotonic() - started
        return outcome, status

    def _kill(self, box: Box) -> None:
        try:
            box.container.kill()
        except Exception:  # noqa: BLE001 - already dead, or the engine is slow: removal follows
            pass

    def _state(self, box: Box) -> dict:
        try:
            self.client.api.wait(box.container.id, timeout=10)
            return self.client.api.inspect_container(box.container.id)["State"]
        except Exception:  # noqa: BLE001 - no state is no evidence: the outcome stands alone
            return {}


def _silent(box: Box) -> bool:
    """Tell whether an idle box is still there: one says nothing, and a dead one's stream
    ends (an engine restart kills them)."""
    return not select.select([box.raw], [], [], 0)[0]


class _Frames:
    """Undo the two framings of a box's stream: the engine's, then init.py's within stdout."""

    def __init__(self) -> None:
        self.engine, self.box = bytearray(), bytearray()

    def feed(self, data: bytes) -> list[tuple[int, bytes]]:
        """Take bytes from the socket; return the whole frames of init.py they complete."""
        self.engine += data
        while len(self.engine) >= HEADER.size:
            kind, size = HEADER.unpack_from(self.engine)
            if len(self.engine) < HEADER.size + size:
                break
            payload = bytes(self.engine[HEADER.size:HEADER.size + size])
            del self.engine[:HEADER.size + size]
            if kind == 1:
                self.box += payload
            elif kind == 2:  # init.py's own stderr: only ever a fault of ours
                log.warning("sandbox box: %s", payload.decode("utf-8", "replace")[:2000])
        frames = []
        while len(self.box) >= BOX.OUTPUT.size:
            kind, size = BOX.OUTPUT.unpack_from(self.box)
            if len(self.box) < BOX.OUTPUT.size + size:
                break
            frames.append((kind, bytes(self.box[BOX.OUTPUT.size:BOX.OUTPUT.size + size])))
            del self.box[:BOX.OUTPUT.size + size]
        return frames


def _collect(raw: socket.socket, limits: Limits,
             deadline: float) -> tuple[RunOutcome, dict | None]:
    """Read one job's output up to caps and the deadline; return it and the box's status
    (None when the box ended or ran past the deadline without one)."""
    caps = {BOX.STDOUT: limits.max_stdout_bytes, BOX.STDERR: limits.max_stderr_bytes}
    streams = {BOX.STDOUT: bytearray(), BOX.STDERR: bytearray()}
    sizes = {BOX.STDOUT: 0, BOX.STDERR: 0}
    frames, status, timed_out = _Frames(), None, False
    while status is None:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            timed_out = True
            break
        if not select.select([raw], [], [], min(remaining, 0.5))[0]:
            continue
        data = raw.recv(1 << 16)
        if not data:
            break
        for kind, payload in frames.feed(data):
            if kind == BOX.STATUS:
                status = json.loads(payload)
            elif kind in caps:
                streams[kind] += payload[: max(0, caps[kind] - sizes[kind])]
                sizes[kind] += len(payload)
    exceeded = any(sizes[kind] > caps[kind] for kind in caps)
    return RunOutcome(stdout=bytes(streams[BOX.STDOUT]), stderr=bytes(streams[BOX.STDERR]),
                      exit_code=None, timed_out=timed_out, output_exceeded=exceeded), status
