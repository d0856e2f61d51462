"""A challenge folder on disk, walked and read as bytes (line endings kept), then checked."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from pathlib import Path

from graders.files.names import shown
from graders.files.rules import MAX_FILES, check_files, read_limited, too_many_files
from graders.problems import ChallengeProblems, Problem


def folder_files(folder: Path) -> dict[str, bytes]:
    """Return the checked files of a challenge folder, read as bytes, line endings kept.

    `__pycache__` folders and `*.pyc` files are skipped; symbolic links are refused.
    """
    try:
        listing = list(_walk(folder))
    except OSError as error:
        raise ChallengeProblems([Problem(f"the folder cannot be read: {error}")]) from None
    problems = [Problem(found, shown(path)) for path, found in listing if isinstance(found, str)]
    files = {path: found for path, found in listing if isinstance(found, Path)}
    if len(files) > MAX_FILES:
        problems.append(too_many_files(len(files)))
    if problems:
        raise ChallengeProblems(problems)
    return check_files({path: _read_file(file, path) for path, file in files.items()})


def _walk(folder: Path, prefix: str = "") -> Iterator[tuple[str, Path | str]]:
    """Yield (relative path, file) for each file below `folder`, or (path, why it is refused)."""
    for entry in sorted(folder.iterdir()):
        path = prefix + entry.name
        if entry.is_symlink():
            yield path, "is a symbolic link; put the file itself in the folder"
        elif entry.is_dir():
            if entry.name != "__pycache__":
                yield from _walk(entry, path + "/")
        elif not entry.is_file():
            yield path, "is neither a regular file nor a folder"
        elif entry.suffix != ".pyc":
            yield path, entry


def _read_file(file: Path, path: str) -> bytes:
    try:
        return read_limited(partial(file.open, "rb"))
    except OSError as error:
        raise ChallengeProblems([Problem(f"cannot be read: {error.strerror}",
                                         shown(path))]) from None
