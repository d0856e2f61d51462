"""The one rule set every challenge's files pass, however they came: allowed names, UTF-8 text
without NUL bytes, and the limits below; and the files of a JSON body, checked by it.

Every input is treated as hostile: the limits bound what is held in memory. A refusal raises
`ChallengeProblems` with one `Problem` per thing wrong.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import IO

from graders.files.names import name_refusal, shown
from graders.problems import ChallengeProblems, Problem

MAX_FILES = 64
MAX_FILE_BYTES = 256 * 1024
MAX_TOTAL_BYTES = 2 * 1024 * 1024


def check_files(files: dict[str, bytes]) -> dict[str, bytes]:
    """Return `files` sorted by path, or raise `ChallengeProblems` naming all that is wrong."""
    problems = []
    for path, data in sorted(files.items()):
        refusal = name_refusal(path)
        if refusal:
            problems.append(Problem(refusal, shown(path)))
        else:
            problems.extend(_content_problems(path, data))
    if len(files) > MAX_FILES:
        problems.append(too_many_files(len(files)))
    if sum(len(data) for data in files.values()) > MAX_TOTAL_BYTES:
        problems.append(too_much_in_all())
    if "challenge.toml" not in files:
        problems.append(Problem("is missing; every challenge needs one", "challenge.toml"))
    if problems:
        raise ChallengeProblems(problems)
    return dict(sorted(files.items()))


def _content_problems(path: str, data: bytes) -> list[Problem]:
    problems = []
    if len(data) > MAX_FILE_BYTES:
        problems.append(too_large(path))
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        problems.append(Problem(f"is not UTF-8 text (byte 0x{data[error.start]:02x}); save it "
                                "as UTF-8", path, _line_at(data, error.start)))
    if b"\0" in data:
        problems.append(Problem("contains a NUL byte", path, _line_at(data, data.index(b"\0"))))
    return problems


def _line_at(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def too_large(path: str) -> Problem:
    """Say that the file at `path` is past MAX_FILE_BYTES."""
    return Problem(f"is larger than {MAX_FILE_BYTES} bytes (256 KiB), the most a file may hold",
                   shown(path))


def too_much_in_all() -> Problem:
    """Say that the files together are past MAX_TOTAL_BYTES."""
    return Problem(f"the files hold more than {MAX_TOTAL_BYTES} bytes (2 MiB) in all, the most "
                   "a challenge may hold")


def too_many_files(count: int) -> Problem:
    """Say that `count` files are more than MAX_FILES."""
    return Problem(f"{count} files; a challenge may hold at most {MAX_FILES}")


def read_limited(open_file: Callable[[], IO[bytes]]) -> bytes:
    """Read a file, never more than one byte past MAX_FILE_BYTES (`check_files` refuses it)."""
    with open_file() as opened:
        return opened.read(MAX_FILE_BYTES + 1)


class Refused(Exception):
    """A refusal of what is being read, carrying the one problem that says why."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None) -> None:
        super().__init__(message)
        self.problem = Problem(message, None if path is None else shown(path), line)


def files_from_mapping(mapping: object) -> dict[str, bytes]:
    """Return the checked files of a JSON body's `"files"`: an object of paths to their text."""
    if not isinstance(mapping, dict):
        raise ChallengeProblems([Problem('"files" must be an object mapping each path to its '
                                         "text")])
    problems, files = [], {}
    for path, text in mapping.items():
        try:
            files[path] = _encoded(path, text)
        except Refused as refusal:
            problems.append(refusal.problem)
    if problems:
        raise ChallengeProblems(problems)
    return check_files(files)


def _encoded(path: object, text: object) -> bytes:
    if not isinstance(path, str):
        raise Refused(f"every path must be a string, not {type(path).__name__}")
    if not isinstance(text, str):
        raise Refused(f"must be given as text (a string), not {type(text).__name__}", path)
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise Refused("contains a lone surrogate, which is not text; UTF-8 cannot encode it",
                      path, text.count("\n", 0, error.start) + 1) from None
