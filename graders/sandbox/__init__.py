"""One interface for every sandbox backend: run the runner on one job, under limits."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

RUNNER_PATH = Path(__file__).resolve().parents[1] / "images" / "python" / "runner.py"


@dataclass(frozen=True)
class Limits:
    """Limits enforced from outside the learner's process."""

    wall_seconds: float = 10.0
    cpu_seconds: float = 10.0
    memory_mb: int = 512
    pids: int = 64
    file_size_mb: int = 16
    open_files: int = 256
    max_stdout_bytes: int = 16 * 1024 * 1024
    max_stderr_bytes: int = 1024 * 1024


@dataclass
class RunOutcome:
    """What came out of one sandbox run, before anyone interprets it."""

    stdout: bytes
    stderr: bytes
    exit_code: int | None
    timed_out: bool = False
    oom_killed: bool = False
    output_exceeded: bool = False
    seconds: float = 0.0


class Sandbox(Protocol):
    """A backend that runs the runner on one JSON job and returns its raw outcome."""

    name: str
    reason: str

    def run(self, job: dict, limits: Limits) -> RunOutcome:
        """Run one job to completion or to a limit, always cleaning up."""


class SandboxUnavailable(RuntimeError):
    """The requested backend cannot run on this machine."""


def select_sandbox(name: str | None = None, *, pool_size: int = 0,
                   build_base: str | None = None) -> Sandbox:
    """Return the backend named, or the best one this machine offers: Docker when it answers.

    `build_base`, when given, builds a missing image
    on that base instead of giving up on Docker.
    """
    from graders.sandbox.process import ProcessSandbox

    if name == "process":
        return ProcessSandbox(reason="chosen by ARENA_SANDBOX=process")
    if name not in (None, "", "docker"):
        raise SandboxUnavailable(f"unknown sandbox backend {name!r}; use 'docker' or 'process'")
    try:
        return docker_sandbox(pool_size=pool_size, build_base=build_base,
                              chosen="chosen by ARENA_SANDBOX=docker" if name else "")
    except SandboxUnavailable as exc:
        if name:
            raise
        return ProcessSandbox(reason=f"no usable Docker ({exc}); the process backend is weaker")


def docker_sandbox(pool_size: int = 0, build_base: str | None = None, chosen: str = "") -> Sandbox:
    """Return the Docker backend, or raise SandboxUnavailable saying why it cannot run here."""
    import docker
    from docker.errors import DockerException, ImageNotFound

    from graders.sandbox.containers import DockerSandbox
    from graders.sandbox.image import build_image, image_tag

    tag = image_tag()
    try:
        client = docker.from_env(timeout=60)
        client.ping()
    except DockerException as exc:
        raise SandboxUnavailable("no Docker engine answers") from exc
    try:
        client.images.get(tag)
    except ImageNotFound as exc:
        if build_base is None:
            raise SandboxUnavailable(f"image {tag} is missing: run `arena sandbox build`") from exc
        try:
            build_image(client, build_base)
        except DockerException as build_error:
            raise SandboxUnavailable(f"image {tag} could not be built on {build_base}: "
                                     f"{build_error}") from build_error
    reason = chosen or "a Docker engine answers"
    return DockerSandbox(client, tag, reason=f"{reason}; image {tag}, warm pool of {pool_size}",
                         pool_size=pool_size)
