"""The sandbox images: their tags (named by the runner's content), building them, reaping strays.

Two images: the one built from the Dockerfile, for public boxes, and its copy for hidden boxes
(`hidden_tag`): the same files exported and imported again as one layer of its own, so that
they are other files on the host, with other pages in its page cache (docs/security.md).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import socket
import time
from pathlib import Path

from graders.sandbox.base import RUNNER_PATH

IMAGE_DIR = RUNNER_PATH.parent
DEFAULT_BASE = "python:3.12-slim"
REPOSITORY = "arena-sandbox"
LABEL = "arena.sandbox"
OWNER_LABEL = "arena.owner"
DEADLINE_LABEL = "arena.deadline"
STRAY_GRACE_SECONDS = 60


def _box_init():
    """Load the image's init.py: its frame formats and uids are defined there, once."""
    spec = importlib.util.spec_from_file_location("arena_box_init", IMAGE_DIR / "init.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BOX = _box_init()


def image_tag() -> str:
    """Name the image after the files it is built from, so that a stale one is never used."""
    digest = hashlib.sha256()
    for name in ("Dockerfile", "runner.py", "init.py"):
        digest.update((IMAGE_DIR / name).read_bytes())
    return f"{REPOSITORY}:{digest.hexdigest()[:12]}"


def hidden_tag(tag: str) -> str:
    """Name the hidden boxes' copy of the image tagged `tag`."""
    return f"{tag}-hidden"


def build_image(client, base: str = DEFAULT_BASE) -> str:
    """Build the sandbox image on `base`, and its hidden copy; return the image's tag."""
    tag = image_tag()
    client.images.build(path=str(IMAGE_DIR), buildargs={"BASE": base}, tag=tag, rm=True,
                        forcerm=True, pull=False)
    build_hidden_image(client, tag)
    return tag


def build_hidden_image(client, tag: str) -> str:
    """Copy the image `tag` into one new layer (export, import) with the same settings. The
    export holds the files the engine adds to each container (/.dockerenv, /etc/hostname), so
    that its layer is never one of the image's own."""
    config = client.api.inspect_image(tag)["Config"]
    changes = [f"ENV {name}={json.dumps(value)}" for name, _, value in
               (entry.partition("=") for entry in config.get("Env") or [])]
    changes += [f"{key.upper()} {json.dumps(config[field])}"
                for key, field in (("entrypoint", "Entrypoint"), ("cmd", "Cmd"))
                if config.get(field)]
    changes += [f"{key} {config[field]}" for key, field in (("USER", "User"),
                                                             ("WORKDIR", "WorkingDir"))
                if config.get(field)]
    container = client.api.create_container(tag, command=["0"],
                                            labels={LABEL: "1", OWNER_LABEL: owner_id()})
    try:
        client.api.import_image_from_data(
            client.api.export(container["Id"]),
            repository=hidden_tag(tag).rpartition(":")[0],
            tag=hidden_tag(tag).rpartition(":")[2], changes=changes)
    finally:
        client.api.remove_container(container["Id"], force=True)
    return hidden_tag(tag)


def _start_time(pid: int) -> str | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return None


def owner_id() -> str:
    """Identify this process on this host, so that its containers can be told from strays."""
    return f"{socket.gethostname()}:{os.getpid()}:{_start_time(os.getpid())}"


def owner_gone(owner: str) -> bool:
    """Tell whether the process that `owner_id()` named on this host has ended."""
    host, _, rest = owner.partition(":")
    pid, _, started = rest.partition(":")
    if host != socket.gethostname() or not pid.isdigit():
        return False  # another host's engine view: its own reaper decides
    return _start_time(int(pid)) != started


def reap(client) -> int:
    """Remove sandbox containers whose owner died or whose deadline passed long ago."""
    removed = 0
    for container in client.api.containers(all=True, filters={"label": LABEL}):
        labels = container.get("Labels") or {}
        deadline = float(labels.get(DEADLINE_LABEL, "inf"))
        if owner_gone(labels.get(OWNER_LABEL, "")) or deadline + STRAY_GRACE_SECONDS < time.time():
            try:
                client.api.remove_container(container["Id"], force=True)
                removed += 1
            except Exception:  # noqa: BLE001 - already gone, or the engine is busy: next round
                pass
    return removed
