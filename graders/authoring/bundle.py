"""Uploaded challenge files, checked: one rule set for a JSON body, an archive and a folder.

Every input is treated as hostile. Names are matched against an allow-list; the limits below
bound what is held in memory, whatever an archive declares; archives are read as data and never
extracted; code is parsed, never compiled or run. A refusal raises `ChallengeProblems` with one
`Problem` per thing wrong.
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import io
import itertools
import lzma
import re
import stat
import tarfile
import tomllib
import zipfile
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import IO

from graders.locales import content_locales, statement_file
from graders.problems import ChallengeProblems, Problem

MAX_FILES = 64
MAX_FILE_BYTES = 256 * 1024
MAX_TOTAL_BYTES = 2 * 1024 * 1024
MAX_ARCHIVE_MEMBERS = 256
# The most an archive may take, compressed or unpacked: the files plus 1 KiB per entry.
MAX_ARCHIVE_BYTES = MAX_TOTAL_BYTES + MAX_ARCHIVE_MEMBERS * 1024

_MAX_NAME_BYTES = 255  # a file name longer than this cannot be written to most disks
_FOLDER_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,99}")


def _top_level_files() -> tuple[str, ...]:
    """Return the files a challenge folder holds outside mutants/: one statement per language."""
    return ("challenge.toml", *map(statement_file, content_locales()),
            "starter.py", "reference.py", "cases.py")


def is_allowed_name(path: str) -> bool:
    """Whether a challenge folder may hold a file at `path` (relative, '/'-separated)."""
    if path in _top_level_files():
        return True
    folder, _, name = path.partition("/")
    return (folder == "mutants" and name.endswith(".py") and len(name) <= _MAX_NAME_BYTES
            and _is_identifier(name.removesuffix(".py")))


def _is_identifier(name: str) -> bool:
    return name.isascii() and name.isidentifier()


# -- the one rule set ------------------------------------------------------------------------

def check_files(files: dict[str, bytes]) -> dict[str, bytes]:
    """Return `files` sorted by path, or raise `ChallengeProblems` naming all that is wrong."""
    problems = []
    for path, data in sorted(files.items()):
        refusal = _name_refusal(path)
        if refusal:
            problems.append(Problem(refusal, _shown(path)))
        else:
            problems.extend(_content_problems(path, data))
    if len(files) > MAX_FILES:
        problems.append(Problem(f"{len(files)} files; a challenge may hold at most {MAX_FILES}"))
    if sum(len(data) for data in files.values()) > MAX_TOTAL_BYTES:
        problems.append(_too_much_in_all())
    if "challenge.toml" not in files:
        problems.append(Problem("is missing; every challenge needs one", "challenge.toml"))
    if problems:
        raise ChallengeProblems(problems)
    return dict(sorted(files.items()))


def _unsafe_reason(path: str) -> str | None:
    """Why `path` could reach outside the challenge folder, if it could."""
    if path.startswith("/"):
        return "is an absolute path; paths are relative to the challenge folder"
    if "\\" in path:
        return "contains a backslash; separate folders with '/'"
    if ".." in path.split("/"):
        return "contains '..'; paths must stay inside the challenge folder"
    return None


def _name_refusal(path: str) -> str | None:
    unsafe = _unsafe_reason(path)
    if unsafe or is_allowed_name(path):
        return unsafe
    folder, _, name = path.partition("/")
    if folder == "mutants" and name.endswith(".py") and "/" not in name:
        return ("a mutant's name must be a Python identifier of at most 252 characters "
                "(ASCII letters, digits and '_', not starting with a digit)")
    return ("is not a file a challenge holds; the allowed files are "
            f"{', '.join(_top_level_files())} and mutants/<name>.py")


def _content_problems(path: str, data: bytes) -> list[Problem]:
    problems = []
    if len(data) > MAX_FILE_BYTES:
        problems.append(_too_large(path))
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


def _too_large(path: str) -> Problem:
    return Problem(f"is larger than {MAX_FILE_BYTES} bytes (256 KiB), the most a file may hold",
                   _shown(path))


def _too_much_in_all() -> Problem:
    return Problem(f"the files hold more than {MAX_TOTAL_BYTES} bytes (2 MiB) in all, the most "
                   "a challenge may hold")


def _shown(path: str) -> str:
    """`path` with unprintable characters escaped: safe to print and to encode as UTF-8."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                   for c in path)


# -- a JSON body -----------------------------------------------------------------------------

def files_from_mapping(mapping: object) -> dict[str, bytes]:
    """Return the checked files of a JSON body's `"files"`: an object of paths to their text."""
    if not isinstance(mapping, dict):
        raise ChallengeProblems([Problem('"files" must be an object mapping each path to its '
                                         "text")])
    problems, files = [], {}
    for path, text in mapping.items():
        try:
            files[path] = _encoded(path, text)
        except _Refused as refusal:
            problems.append(refusal.problem)
    if problems:
        raise ChallengeProblems(problems)
    return check_files(files)


def _encoded(path: object, text: object) -> bytes:
    if not isinstance(path, str):
        raise _Refused(f"every path must be a string, not {type(path).__name__}")
    if not isinstance(text, str):
        raise _Refused(f"must be given as text (a string), not {type(text).__name__}", path)
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise _Refused("contains a lone surrogate, which is not text; UTF-8 cannot encode it",
                       path, text.count("\n", 0, error.start) + 1) from None


class _Refused(Exception):
    """A refusal of what is being read, carrying the one problem that says why."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None) -> None:
        super().__init__(message)
        self.problem = Problem(message, None if path is None else _shown(path), line)


# -- archives --------------------------------------------------------------------------------

_FILE, _FOLDER = "file", "folder"
_ZIP_SPECIAL = {stat.S_IFLNK: "a symbolic link", stat.S_IFCHR: "a character device",
                stat.S_IFBLK: "a block device", stat.S_IFIFO: "a FIFO (named pipe)",
                stat.S_IFSOCK: "a socket"}
_TAR_SPECIAL = {tarfile.SYMTYPE: "a symbolic link", tarfile.LNKTYPE: "a hard link",
                tarfile.CHRTYPE: "a character device", tarfile.BLKTYPE: "a block device",
                tarfile.FIFOTYPE: "a FIFO (named pipe)"}
_UNREADABLE = (tarfile.TarError, zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error,
               lzma.LZMAError, EOFError, OSError, ValueError, RuntimeError)
# pax headers and GNU long names: tarfile parses them with regular expressions that take
# quadratic time on hostile input (CVE-2024-6232), so their size and number are bounded.
_EXTENDED_HEADERS = frozenset({tarfile.XHDTYPE, tarfile.XGLTYPE, tarfile.SOLARIS_XHDTYPE,
                               tarfile.GNUTYPE_LONGNAME, tarfile.GNUTYPE_LONGLINK})
_MAX_EXTENDED_HEADER_BYTES = 512


@dataclass(frozen=True)
class _Member:
    """An archive's entry as the archive describes it.

    `declared_size` is trusted only to refuse early; `read` never gives more than one byte over
    the limit, so an entry that lies is still caught by `check_files`.
    """

    name: str
    kind: str  # _FILE, _FOLDER, or what else it is ("a symbolic link")
    declared_size: int
    read: Callable[[], bytes]


@dataclass(frozen=True)
class _Entry:
    """An entry read: its path's parts (None when unsafe), its bytes, or why it is refused."""

    name: str
    parts: tuple[str, ...] | None
    data: bytes | None = None
    refusal: str | None = None

    @property
    def is_folder(self) -> bool:
        return self.data is None and self.refusal is None


def files_from_archive(data: bytes) -> dict[str, bytes]:
    """Return the checked files of an uploaded `.zip` or `.tar.gz` of a challenge folder.

    The files may sit at the archive's root or all under one folder. Entries refused before
    that folder is known (an unsafe path, a limit crossed) are named as the archive stores them.
    """
    if len(data) > MAX_ARCHIVE_BYTES:
        raise ChallengeProblems([Problem(f"the archive is {len(data)} bytes; the most accepted "
                                         f"is {MAX_ARCHIVE_BYTES}")])
    if data.startswith((b"PK\x03\x04", b"PK\x05\x06")):
        members = _zip_members(data)
    elif data.startswith(b"\x1f\x8b"):
        members = _tar_members(data)
    else:
        raise ChallengeProblems([Problem("not a .zip or .tar.gz archive")])
    try:
        entries = _read_entries(members)
    except _Refused as refusal:
        raise ChallengeProblems([refusal.problem]) from None
    except _UNREADABLE as error:
        raise ChallengeProblems([Problem(f"the archive cannot be read: {error}")]) from None
    if not entries:
        raise ChallengeProblems([Problem("the archive is empty")])
    return check_files(_files_of(entries))


def _read_entries(members: Iterator[_Member]) -> list[_Entry]:
    """Read every member within the limits; raise `_Refused` at the first limit crossed."""
    entries, total = [], 0
    for count, member in enumerate(members, 1):
        if count > MAX_ARCHIVE_MEMBERS:
            raise _Refused(f"the archive has more than {MAX_ARCHIVE_MEMBERS} entries "
                           "(folders included)")
        entry = _entry(member)
        total += len(entry.data or b"")
        if total > MAX_TOTAL_BYTES:
            raise _Refused(_too_much_in_all().message)
        entries.append(entry)
    return entries


def _entry(member: _Member) -> _Entry:
    unsafe = _unsafe_reason(member.name)
    if unsafe:
        return _Entry(member.name, None, refusal=unsafe)
    parts = tuple(part for part in member.name.split("/") if part not in ("", "."))
    if member.kind == _FOLDER:
        return _Entry(member.name, parts)
    if member.kind != _FILE:
        return _Entry(member.name, parts,
                      refusal=f"is {member.kind}; an archive may hold only files and folders")
    if member.declared_size > MAX_FILE_BYTES:
        raise _Refused(_too_large(member.name).message, member.name)
    return _Entry(member.name, parts, member.read())


def _files_of(entries: list[_Entry]) -> dict[str, bytes]:
    """The files by their path in the challenge folder, or every entry refused."""
    strip = len(_top_folder(entries))
    problems, files = [], {}
    for entry in entries:
        path = entry.name if entry.parts is None else "/".join(entry.parts[strip:])
        if entry.refusal:
            problems.append(Problem(entry.refusal, _shown(path)))
        elif entry.data is None:
            continue
        elif path in files:
            problems.append(Problem("appears more than once in the archive", _shown(path)))
        else:
            files[path] = entry.data
    if problems:
        raise ChallengeProblems(problems)
    return files


def _top_folder(entries: list[_Entry]) -> tuple[str, ...]:
    """The one folder that holds everything, as a prefix to strip; () for files at the root."""
    paths = [entry for entry in entries if entry.parts]
    tops = {entry.parts[0] for entry in paths}
    if len(tops) == 1 and all(len(entry.parts) > 1 for entry in paths if not entry.is_folder):
        return paths[0].parts[:1]
    return ()


def _read_limited(open_member: Callable[[], IO[bytes]]) -> bytes:
    with open_member() as member:
        return member.read(MAX_FILE_BYTES + 1)


def _zip_members(data: bytes) -> Iterator[_Member]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        for info in archive.infolist():
            yield _Member(info.filename, _zip_kind(info), info.file_size,
                          partial(_read_limited, partial(archive.open, info)))


def _zip_kind(info: zipfile.ZipInfo) -> str:
    """What a zip entry is, from the Unix mode kept in its external attributes."""
    file_type = stat.S_IFMT(info.external_attr >> 16)
    if file_type in _ZIP_SPECIAL:
        return _ZIP_SPECIAL[file_type]
    if info.filename.endswith("/") or file_type == stat.S_IFDIR:
        return _FOLDER
    return _FILE if file_type in (0, stat.S_IFREG) else "a special file"


def _tar_members(data: bytes) -> Iterator[_Member]:
    unpacked = _LimitedReader(gzip.GzipFile(fileobj=io.BytesIO(data)), MAX_ARCHIVE_BYTES)
    with tarfile.open(fileobj=unpacked, mode="r|", tarinfo=_bounded_headers(),
                      encoding="utf-8", errors="replace") as archive:
        for member in archive:
            yield _Member(member.name, _tar_kind(member), member.size,
                          partial(_read_limited, partial(archive.extractfile, member)))


def _tar_kind(member: tarfile.TarInfo) -> str:
    if member.isreg():
        return _FILE
    if member.isdir():
        return _FOLDER
    return _TAR_SPECIAL.get(member.type, "a special file")


class _LimitedReader:
    """Reads from `source`, refusing to deliver more than `limit` bytes in all."""

    def __init__(self, source: IO[bytes], limit: int) -> None:
        self._source, self._left = source, limit

    def read(self, size: int = -1) -> bytes:
        chunk = self._source.read(self._left + 1 if size < 0 else min(size, self._left + 1))
        self._left -= len(chunk)
        if self._left < 0:
            raise _Refused(f"the archive unpacks to more than {MAX_ARCHIVE_BYTES} bytes")
        return chunk


def _bounded_headers() -> type[tarfile.TarInfo]:
    """A header class for one archive, refusing extended headers too many or too large."""
    extended = itertools.count(1)

    class BoundedTarInfo(tarfile.TarInfo):
        @classmethod
        def frombuf(cls, buf: bytes, encoding: str, errors: str) -> tarfile.TarInfo:
            header = super().frombuf(buf, encoding, errors)
            if header.type not in _EXTENDED_HEADERS:
                return header
            if header.size > _MAX_EXTENDED_HEADER_BYTES:
                raise _Refused(f"the archive has an extended header of {header.size} bytes; "
                               f"at most {_MAX_EXTENDED_HEADER_BYTES} are accepted")
            if next(extended) > MAX_ARCHIVE_MEMBERS:
                raise _Refused(f"the archive has more than {MAX_ARCHIVE_MEMBERS} extended "
                               "headers")
            return header

    return BoundedTarInfo


def write_archive(files: dict[str, bytes], top: str) -> bytes:
    """Return a reproducible `.tar.gz` of the checked `files`, each under the folder `top`.

    The same files always give the same bytes: sorted, no dates, no owners, mode 0o644.
    """
    if not _FOLDER_NAME.fullmatch(top):
        raise ChallengeProblems([Problem(f"{top!r} cannot name the archive's folder: use "
                                         "letters, digits, '_', '.' and '-'")])
    packed = io.BytesIO()
    with (gzip.GzipFile(filename="", mode="wb", fileobj=packed, mtime=0) as compressed,
          tarfile.open(fileobj=compressed, mode="w", format=tarfile.PAX_FORMAT) as archive):
        for path, data in check_files(files).items():
            archive.addfile(_plain_header(f"{top}/{path}", len(data)), io.BytesIO(data))
    return packed.getvalue()


def _plain_header(name: str, size: int) -> tarfile.TarInfo:
    header = tarfile.TarInfo(name)
    header.size, header.mode, header.mtime = size, 0o644, 0
    header.uid = header.gid = 0
    header.uname = header.gname = ""
    return header


# -- a folder on disk ------------------------------------------------------------------------

def folder_files(folder: Path) -> dict[str, bytes]:
    """Return the checked files of a challenge folder, read as bytes, line endings kept.

    `__pycache__` folders and `*.pyc` files are skipped; symbolic links are refused.
    """
    try:
        listing = list(_walk(folder))
    except OSError as error:
        raise ChallengeProblems([Problem(f"the folder cannot be read: {error}")]) from None
    problems = [Problem(found, _shown(path)) for path, found in listing if isinstance(found, str)]
    files = {path: found for path, found in listing if isinstance(found, Path)}
    if len(files) > MAX_FILES:
        problems.append(Problem(f"{len(files)} files; a challenge may hold at most {MAX_FILES}"))
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
        return _read_limited(partial(file.open, "rb"))
    except OSError as error:
        raise ChallengeProblems([Problem(f"cannot be read: {error.strerror}",
                                         _shown(path))]) from None


# -- syntax ----------------------------------------------------------------------------------

_TOML_LOCATION = re.compile(r" \(at line (\d+), column \d+\)$")


def syntax_problems(files: dict[str, bytes]) -> list[Problem]:
    """Parse (never compile or run) each Python file and challenge.toml; say what does not."""
    found = (_syntax_problem(path, data) for path, data in sorted(files.items()))
    return [problem for problem in found if problem]


def _syntax_problem(path: str, data: bytes) -> Problem | None:
    if path.endswith(".py"):
        return _python_problem(path, data)
    if path == "challenge.toml":
        return _toml_problem(data)
    return None


_PARSED: dict[tuple[str, bytes], Problem | None] = {}  # by (path, sha256 of the source)
_PARSED_KEPT = 4096


def _python_problem(path: str, source: bytes) -> Problem | None:
    """Parse one file, once per content: every sync and validation reads the same files."""
    key = (path, hashlib.sha256(source).digest())
    if key not in _PARSED:
        if len(_PARSED) >= _PARSED_KEPT:
            _PARSED.clear()
        _PARSED[key] = _parse_problem(path, source)
    return _PARSED[key]


def _parse_problem(path: str, source: bytes) -> Problem | None:
    try:
        ast.parse(source, filename=path)
    except SyntaxError as error:
        return Problem(f"syntax error: {error.msg}", path, error.lineno or None)
    except (RecursionError, MemoryError):
        return Problem("is nested too deeply to parse", path)
    except ValueError as error:
        return Problem(f"cannot be parsed: {error}", path)
    return None


def _toml_problem(data: bytes) -> Problem | None:
    try:
        tomllib.loads(data.decode("utf-8", "replace"))
    except ValueError as error:  # TOMLDecodeError, or an integer too long to convert
        location = _TOML_LOCATION.search(str(error))
        return Problem(f"not valid TOML: {_TOML_LOCATION.sub('', str(error))}", "challenge.toml",
                       int(location[1]) if location else None)
    except (RecursionError, MemoryError):
        return Problem("is nested too deeply to parse", "challenge.toml")
    return None
