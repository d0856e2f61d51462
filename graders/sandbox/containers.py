"""The Docker backend: one fresh, locked-down container per run, fed over its attached stdin.

Containers come from a warm pool when one fits (the runner and NumPy already imported, waiting
for its one job) or are started on demand. Every container is labelled, used once and removed.
"""

from __future__ import annotations

import json
import logging
import select
import socket
import struct
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import docker
from docker.errors import DockerException

from graders.sandbox.base import Limits, RunOutcome
from graders.sandbox.image import DEADLINE_LABEL, LABEL, OWNER_LABEL, owner_id, reap
from graders.sandbox.pool import WarmPool

log = logging.getLogger(__name__)
HEADER = struct.Struct(">BxxxL")
END_LINE = b'{"event": "end"}\n'  # the runner's last line; its exit state then adds nothing
DRAIN_SECONDS = 0.002
ENVIRONMENT = {"OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


def container_options(image: str, limits: Limits) -> dict:
    """Return the create() options: no network, read-only, no capabilities, hard limits."""
    memory = f"{limits.memory_mb}m"
    return {
        "image": image, "stdin_open": True, "network_mode": "none", "read_only": True,
        "tmpfs": {"/tmp": "rw,noexec,nosuid,nodev,size=64m"}, "cap_drop": ["ALL"],
        "security_opt": ["no-new-privileges"], "pids_limit": limits.pids,
        "mem_limit": memory, "memswap_limit": memory, "nano_cpus": 10**9,
        "user": "65534:65534", "environment": ENVIRONMENT,
        "ulimits": [docker.types.Ulimit(name="nofile", soft=limits.open_files,
                                        hard=limits.open_files),
                    docker.types.Ulimit(name="core", soft=0, hard=0),
                    docker.types.Ulimit(name="fsize", soft=limits.file_size_mb << 20,
                                        hard=limits.file_size_mb << 20)],
        "log_config": docker.types.LogConfig(type="none"),
    }


class DockerSandbox:
    """Run each job in its own container; a warm pool hides the start-up."""

    name = "docker"

    def __init__(self, client, image: str, reason: str = "", pool_size: int = 0,
                 pool_limits: Limits | None = None) -> None:
        self.client, self.image, self.reason = client, image, reason
        self.owner = owner_id()
        self.pool_limits = pool_limits or Limits()
        self._cleaner = ThreadPoolExecutor(max_workers=2, thread_name_prefix="arena-cleanup")
        self._reap()
        self.pool = WarmPool(lambda: self._start(self.pool_limits, waiting=True), self._remove,
                             pool_size, housekeeping=self._reap) if pool_size else None

    def _reap(self) -> None:
        """Remove strays left by dead owners; a busy engine only delays it to the next round."""
        try:
            removed = reap(self.client)
        except Exception:  # noqa: BLE001
            log.warning("could not reap stray sandbox containers", exc_info=True)
            return
        if removed:
            log.info("removed %d stray sandbox containers", removed)

    def close(self) -> None:
        """Drain the pool and wait for pending removals."""
        if self.pool:
            self.pool.drain()
        self._cleaner.shutdown(wait=True)

    def run(self, job: dict, limits: Limits) -> RunOutcome:
        """Run one job: take or start a container, talk to it, always remove it."""
        container = self._take(limits) or self._start(limits)
        try:
            return self._talk(container, job, limits)
        finally:
            self._cleaner.submit(self._remove, container)

    def _take(self, limits: Limits):
        if self.pool is None or limits != self.pool_limits:
            return None
        container = self.pool.take()
        while container is not None and not self._running(container):
            self._cleaner.submit(self._remove, container)  # the engine restarted under it
            container = self.pool.take()
        return container

    def _running(self, container) -> bool:
        try:
            return self.client.api.inspect_container(container.id)["State"]["Running"]
        except DockerException:
            return False

    def _start(self, limits: Limits, waiting: bool = False):
        labels = {LABEL: "1", OWNER_LABEL: self.owner}
        if not waiting:
            labels[DEADLINE_LABEL] = str(time.time() + limits.wall_seconds)
        container = self.client.containers.create(labels=labels,
                                                  **container_options(self.image, limits))
        container.start()
        return container

    def _remove(self, container) -> None:
        try:
            container.remove(force=True)
        except Exception:  # noqa: BLE001 - already gone or the engine is slow: the reaper's job
            pass

    def _talk(self, container, job: dict, limits: Limits) -> RunOutcome:
        started = time.monotonic()
        sock = self.client.api.attach_socket(
            container.id, params={"stdin": 1, "stdout": 1, "stderr": 1, "stream": 1})
        raw = sock._sock  # the SDK wraps the hijacked connection; we need half-close
        try:
            threading.Thread(target=_send, args=(raw, json.dumps(job).encode()),
                             daemon=True).start()
            outcome = _collect(raw, limits, started + limits.wall_seconds)
        finally:
            # Close the connection itself (the SDK's wrapper leaves it open): a container whose
            # output nobody reads any more blocks the engine until its stream is gone.
            raw.close()
            sock.close()
        if outcome.timed_out or outcome.output_exceeded:
            self._kill(container)
        if not outcome.stdout.endswith(END_LINE):  # cut short: the engine's word on why
            state = self._state(container)
            outcome.exit_code = state.get("ExitCode")
            outcome.oom_killed = bool(state.get("OOMKilled"))
        outcome.seconds = time.monotonic() - started
        return outcome

    def _kill(self, container) -> None:
        try:
            container.kill()
        except Exception:  # noqa: BLE001 - already dead, or the engine is slow: removal follows
            pass

    def _state(self, container) -> dict:
        try:
            self.client.api.wait(container.id, timeout=10)
            return self.client.api.inspect_container(container.id)["State"]
        except Exception:  # noqa: BLE001 - no state is no evidence: the outcome stands alone
            return {}


def _send(raw: socket.socket, data: bytes) -> None:
    try:
        raw.sendall(data)
        raw.shutdown(socket.SHUT_WR)
    except OSError:
        pass


def _collect(raw: socket.socket, limits: Limits, deadline: float) -> RunOutcome:
    """Demultiplex the attached stream into stdout and stderr, up to caps and the deadline."""
    caps = {1: limits.max_stdout_bytes, 2: limits.max_stderr_bytes}
    streams = {1: bytearray(), 2: bytearray()}
    sizes = {1: 0, 2: 0}
    buffer = bytearray()
    timed_out = exceeded = False
    finished = False
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            timed_out = not finished
            break
        wait = DRAIN_SECONDS if finished else min(remaining, 0.5)
        if not select.select([raw], [], [], wait)[0]:
            if finished:
                break
            continue
        data = raw.recv(65536)
        if not data:
            break
        buffer += data
        while len(buffer) >= HEADER.size:
            kind, size = HEADER.unpack_from(buffer)
            if len(buffer) < HEADER.size + size:
                break
            payload = bytes(buffer[HEADER.size:HEADER.size + size])
            del buffer[:HEADER.size + size]
            if kind in caps:
                streams[kind] += payload[: max(0, caps[kind] - sizes[kind])]
                sizes[kind] += len(payload)
                exceeded = exceeded or sizes[kind] > caps[kind]
        if exceeded:
            break
        # The runner is done: read what is already on its way, without waiting for the
        # engine to notice the exit (tens of milliseconds).
        finished = streams[1].endswith(END_LINE)
    return RunOutcome(stdout=bytes(streams[1]), stderr=bytes(streams[2]), exit_code=None,
                      timed_out=timed_out, output_exceeded=exceeded)
