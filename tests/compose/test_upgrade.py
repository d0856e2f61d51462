"""An upgrade with a migration, and its rollback, on the compose stack, the API answering
throughout (docs/deploy.md, "Upgrades"; docker/upgrade.sh).

The old version is the repository's image; the new one is that image with one more migration,
an expand-only one (a table nothing of the old code reads), built here under a tag of the
test's own. Each version refuses to start beside the other's schema, in one line; the script
moves the stack from one to the other, replacing web replicas and workers one at a time.
"""

from __future__ import annotations

import re
import secrets
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from arena.db import revisions
from tests.compose.stack import CORRECT, FILES, ROOT, Stack, run

pytestmark = pytest.mark.timeout(3600)  # a build and two rollouts
PROBE = "upgrade_probe"
MIGRATION = '''"""A table only the upgrade test adds (tests/compose/test_upgrade.py)."""

import sqlalchemy as sa
from alembic import op

revision = "{revision}"
down_revision = "{down}"


def upgrade() -> None:
    op.create_table("{revision}", sa.Column("id", sa.Integer, primary_key=True))


def downgrade() -> None:
    op.drop_table("{revision}")
'''


@pytest.fixture
def tags() -> Iterator[tuple[str, str]]:
    """Name the old and the new version's images, tags of this test's own (other stacks of the
    engine build `attention-arena:debian` from other trees); untag them after the stack (a
    fixture set up before `stack`) is gone."""
    prefix = f"attention-arena:upgrade-test-{secrets.token_hex(4)}"
    old, new = f"{prefix}-old", f"{prefix}-new"
    yield old, new
    run(["docker", "rmi", "-f", old, new], check=False)


def _compose(stack: Stack, image: str, *args: str,
             timeout: float = 600) -> subprocess.CompletedProcess:
    """Run Compose on the stack with the app's image `image`."""
    env = {**stack.env, "ARENA_IMAGE": image}
    return run([*stack.program, "-p", stack.project, *FILES, *args], timeout=timeout,
               env=env, check=False)


def _refused(stack: Stack, image: str, service: str) -> str:
    """Start one container of `service` on the image; return its one line of refusal."""
    done = _compose(stack, image, "run", "--rm", "-T", "--no-deps", service)
    output = done.stdout + done.stderr
    assert done.returncode != 0, output
    assert "Traceback" not in output, output
    errors = [line for line in output.splitlines() if line.startswith("Error: ")]
    assert len(errors) == 1, output
    return errors[0]


def _images(stack: Stack, service: str) -> tuple[set[str], set[str]]:
    """Return the running containers of a service and the images they run."""
    ids = set(stack.containers(service, "status=running"))
    images = {run(["docker", "inspect", "-f", "{{.Config.Image}}", cid]).stdout.strip()
              for cid in ids}
    return ids, images


def _upgrade_while_polling(stack: Stack, image: str, token: str) -> list[str]:
    """Run docker/upgrade.sh to `image` while a client reads the API through the proxy all
    along; return what it was answered other than 200 (nothing, when all went well)."""
    answers: list[str] = []
    done = threading.Event()

    def poll() -> None:
        while not done.is_set():
            try:
                answers.append(str(requests.get(
                    f"{stack.url}/api/v1/challenges", timeout=30,
                    headers={"Authorization": f"Bearer {token}"}).status_code))
            except requests.RequestException as exc:
                answers.append(type(exc).__name__)
            done.wait(0.2)

    poller = threading.Thread(target=poll)
    poller.start()
    try:
        env = {**stack.env, "COMPOSE": " ".join(stack.program), "ARENA_IMAGE": image}
        upgraded = run([str(ROOT / "docker/upgrade.sh"), "-p", stack.project, *FILES],
                       timeout=1200, env=env, check=False)
    finally:
        done.set()
        poller.join()
    assert upgraded.returncode == 0, upgraded.stdout + upgraded.stderr
    replaced = re.findall(r"^upgrade: (\w+): \w+ replaced by \w+$", upgraded.stdout, re.M)
    assert replaced == ["web", "web", "worker"], upgraded.stdout
    assert len(answers) > 20, answers  # the client read all along
    return [answer for answer in answers if answer != "200"]


def test_an_upgrade_with_a_migration_and_its_rollback_keep_the_api_answering(
        tags: tuple[str, str], stack: Stack, tmp_path: Path) -> None:
    old_image, new_tag = tags
    stack.env["ARENA_IMAGE"] = old_image
    stack.build()
    stack.up("--scale", "web=2", "--scale", "worker=1")
    token = stack.user("lee")
    assert stack.verdict(token, stack.submit(token, CORRECT))["verdict"] == "accepted"
    old_webs, images = _images(stack, "web")
    assert images == {old_image}
    old_workers, _ = _images(stack, "worker")

    # The new version: the same code with one more migration on top of the old newest.
    old_head = revisions()[0]
    versions = run(["docker", "run", "--rm", "--network", "none", "--entrypoint", "python",
                    old_image, "-c",
                    "import arena, pathlib; "
                    "print(pathlib.Path(arena.__file__).parent / 'migrations/versions')"]
                   ).stdout.strip()
    (tmp_path / f"{PROBE}.py").write_text(MIGRATION.format(revision=PROBE, down=old_head))
    (tmp_path / "Dockerfile").write_text(f"FROM {old_image}\nCOPY {PROBE}.py {versions}/\n")
    run(["docker", "build", "-q", "-t", new_tag, str(tmp_path)], timeout=300)

    # The new code beside the old schema: web and worker refuse, saying what to run.
    for service in ("web", "worker"):
        line = _refused(stack, new_tag, service)
        assert f"at revision {old_head}, behind" in line and "`arena db upgrade`" in line

    # Upgrade: migrate, then each web replica and the worker replaced, the API answering.
    assert _upgrade_while_polling(stack, new_tag, token) == []
    new_webs, images = _images(stack, "web")
    assert images == {new_tag} and len(new_webs) == 2 and not new_webs & old_webs
    new_workers, images = _images(stack, "worker")
    assert images == {new_tag} and len(new_workers) == 1 and not new_workers & old_workers
    current = _compose(stack, new_tag, "run", "--rm", "-T", "--no-deps", "migrate",
                       "arena", "db", "current")
    assert current.returncode == 0 and f"database at revision {PROBE}" in current.stdout
    assert stack.verdict(token, stack.submit(token, CORRECT))["verdict"] == "accepted"

    # The old code beside the new schema refuses too, naming the way back.
    for service in ("web", "worker"):
        line = _refused(stack, old_image, service)
        assert (f"at revision {PROBE}, which this code does not know" in line
                and f"`arena db downgrade {old_head}`" in line), line

    # Roll back: the schema first, with the new version's downgrade; then the old image.
    downgraded = _compose(stack, new_tag, "run", "--rm", "-T", "--no-deps", "migrate",
                          "arena", "db", "downgrade", old_head)
    assert downgraded.returncode == 0, downgraded.stdout + downgraded.stderr
    assert _upgrade_while_polling(stack, old_image, token) == []
    assert _images(stack, "web")[1] == {old_image} == _images(stack, "worker")[1]
    current = _compose(stack, old_image, "run", "--rm", "-T", "--no-deps", "migrate",
                       "arena", "db", "current")
    assert current.returncode == 0 and f"database at revision {old_head}" in current.stdout
    assert stack.verdict(token, stack.submit(token, CORRECT))["verdict"] == "accepted"
