"""The backend a machine offers: the one named, else Docker when an engine answers, else the
process backend, with the reason for the choice (every backend is a `base.Sandbox`)."""

from __future__ import annotations

import docker
from docker.errors import DockerException, ImageNotFound

from graders.sandbox.base import Sandbox, SandboxUnavailable
from graders.sandbox.containers import DockerSandbox
from graders.sandbox.image import build_hidden_image, build_image, hidden_tag, image_tag
from graders.sandbox.process import ProcessSandbox


def select_sandbox(name: str | None = None, *, pool_size: int = 0,
                   build_base: str | None = None, **ownership) -> Sandbox:
    """Return the backend named, or the best one this machine offers: Docker when it answers.

    `build_base`, when given, builds a missing image
    on that base instead of giving up on Docker. `ownership` (owner, owner_dead, reap_every)
    labels and reaps Docker's containers (DockerSandbox); its `mirror_of` names the process
    whose copy of the system's files the process backend's hidden boxes read
    (graders.sandbox.mirror).
    """
    mirror_of = ownership.pop("mirror_of", None)
    if name == "process":
        return ProcessSandbox(reason="chosen by ARENA_SANDBOX=process", mirror_of=mirror_of)
    if name not in (None, "", "docker"):
        raise SandboxUnavailable(f"unknown sandbox backend {name!r}; use 'docker' or 'process'")
    try:
        return docker_sandbox(pool_size=pool_size, build_base=build_base,
                              chosen="chosen by ARENA_SANDBOX=docker" if name else "",
                              **ownership)
    except SandboxUnavailable as exc:
        if name:
            raise
        return ProcessSandbox(reason=f"no usable Docker ({exc}); the process backend is weaker",
                              mirror_of=mirror_of)


def docker_sandbox(pool_size: int = 0, build_base: str | None = None, chosen: str = "",
                   **ownership) -> Sandbox:
    """Return the Docker backend, or raise SandboxUnavailable saying why it cannot run here."""
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
    try:
        client.images.get(hidden_tag(tag))
    except ImageNotFound:
        try:
            build_hidden_image(client, tag)
        except DockerException as build_error:
            raise SandboxUnavailable(f"the hidden boxes' copy of {tag} could not be made: "
                                     f"{build_error}") from build_error
    reason = chosen or "a Docker engine answers"
    pool = f", warm pool of {pool_size}" if pool_size else ""
    return DockerSandbox(client, tag, reason=f"{reason}; image {tag}{pool}",
                         pool_size=pool_size, **ownership)
