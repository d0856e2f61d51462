"""The sandbox images: their tags (named by the runner's content) and building them.

Two images: the one built from the Dockerfile, for public boxes, and its copy for hidden boxes
(`hidden_tag`): the same files exported and imported again as one layer of its own, so that
they are other files on the host, with other pages in its page cache (docs/security.md).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import time

from graders.sandbox.base import RUNNER_PATH
from graders.sandbox.reaper import labels, owner_id

IMAGE_DIR = RUNNER_PATH.parent
DEFAULT_BASE = "python:3.12-slim"
REPOSITORY = "arena-sandbox"
COPY_SECONDS = 3600  # the hidden copy's export and import end well within this


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
                                            labels=labels(owner_id(), time.time() + COPY_SECONDS))
    try:
        client.api.import_image_from_data(
            client.api.export(container["Id"]),
            repository=hidden_tag(tag).rpartition(":")[0],
            tag=hidden_tag(tag).rpartition(":")[2], changes=changes)
    finally:
        client.api.remove_container(container["Id"], force=True)
    return hidden_tag(tag)
