"""The learner's command-line client as one file that Python runs: `arena.pyz`, served at
/client/arena.pyz so that another machine needs only Python (3.11 or later) to use `submit`,
`show` and `pull`.

The archive is a zipapp (PEP 441) made, once per process, of the very modules that the
installed `arena` command runs (arena.client, arena.commands.submit) and of click, which they
use, with its licence. Its `__main__` only gathers the three commands into a group: no logic
of the client lives here, so the one-file client cannot drift from `arena submit`.
"""

from __future__ import annotations

import io
import zipfile
from functools import cache
from importlib.metadata import files
from importlib.util import find_spec
from pathlib import Path

#: The archive's entry point: the learner's three commands under one group.
MAIN = '''"""Attention Arena's client: python3 arena.pyz show|pull|submit (ARENA_URL, ARENA_TOKEN).
"""

import click

from arena.commands.submit import pull, show, submit


@click.group()
def main() -> None:
    """Attention Arena: read a challenge, pull its starter, submit your code."""


for command in (show, pull, submit):
    main.add_command(command)

main(prog_name="arena")
'''
#: The server's modules the client is made of, as paths in the archive.
MODULES = ("arena/__init__.py", "arena/client.py", "arena/commands/__init__.py",
           "arena/commands/submit.py")
#: A fixed time for every entry, so that the archive's bytes depend on its content only.
STAMP = (2020, 1, 1, 0, 0, 0)


def _package_dir(name: str) -> Path:
    spec = find_spec(name)
    assert spec is not None and spec.submodule_search_locations
    return Path(next(iter(spec.submodule_search_locations)))


def _add(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, STAMP)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    archive.writestr(info, data)


@cache
def client_archive() -> bytes:
    """Return the bytes of arena.pyz (a shebang line, then the zip)."""
    arena = _package_dir("arena")
    click = _package_dir("click")
    buffer = io.BytesIO()
    buffer.write(b"#!/usr/bin/env python3\n")
    with zipfile.ZipFile(buffer, "w") as archive:
        _add(archive, "__main__.py", MAIN.encode())
        for name in MODULES:
            _add(archive, name, (arena.parent / name).read_bytes())
        for path in sorted(click.rglob("*")):
            if path.is_file() and path.suffix in (".py", ".typed"):
                _add(archive, f"click/{path.relative_to(click).as_posix()}", path.read_bytes())
        for licence in files("click") or []:
            if Path(str(licence)).name.upper().startswith("LICENSE"):
                _add(archive, "click/LICENSE.txt", licence.read_binary())
    return buffer.getvalue()
