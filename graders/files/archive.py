"""Uploaded archives of a challenge folder, read as data (never extracted), and written.

An archive is hostile: whatever it declares, what is held in memory stays within the limits
below and those of `graders.files.rules`; a refusal raises `ChallengeProblems` with one
`Problem` per thing wrong.
"""

from __future__ import annotations

import gzip
import io
import itertools
import lzma
import re
import stat
import tarfile
import zipfile
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import IO

from graders.files.names import shown, unsafe_reason
from graders.files.rules import (
    MAX_FILE_BYTES,
    MAX_TOTAL_BYTES,
    Refused,
    check_files,
    read_limited,
    too_large,
    too_much_in_all,
)
from graders.problems import ChallengeProblems, Problem

MAX_ARCHIVE_MEMBERS = 256
# The most an archive may take, compressed or unpacked: the files plus 1 KiB per entry.
MAX_ARCHIVE_BYTES = MAX_TOTAL_BYTES + MAX_ARCHIVE_MEMBERS * 1024
_FOLDER_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,99}")


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
    except Refused as refusal:
        raise ChallengeProblems([refusal.problem]) from None
    except _UNREADABLE as error:
        raise ChallengeProblems([Problem(f"the archive cannot be read: {error}")]) from None
    if not entries:
        raise ChallengeProblems([Problem("the archive is empty")])
    return check_files(_files_of(entries))


def _read_entries(members: Iterator[_Member]) -> list[_Entry]:
    """Read every member within the limits; raise `Refused` at the first limit crossed."""
    entries, total = [], 0
    for count, member in enumerate(members, 1):
        if count > MAX_ARCHIVE_MEMBERS:
            raise Refused(f"the archive has more than {MAX_ARCHIVE_MEMBERS} entries "
                          "(folders included)")
        entry = _entry(member)
        total += len(entry.data or b"")
        if total > MAX_TOTAL_BYTES:
            raise Refused(too_much_in_all().message)
        entries.append(entry)
    return entries


def _entry(member: _Member) -> _Entry:
    unsafe = unsafe_reason(member.name)
    if unsafe:
        return _Entry(member.name, None, refusal=unsafe)
    parts = tuple(part for part in member.name.split("/") if part not in ("", "."))
    if member.kind == _FOLDER:
        return _Entry(member.name, parts)
    if member.kind != _FILE:
        return _Entry(member.name, parts,
                      refusal=f"is {member.kind}; an archive may hold only files and folders")
    if member.declared_size > MAX_FILE_BYTES:
        raise Refused(too_large(member.name).message, member.name)
    return _Entry(member.name, parts, member.read())


def _files_of(entries: list[_Entry]) -> dict[str, bytes]:
    """The files by their path in the challenge folder, or every entry refused."""
    strip = len(_top_folder(entries))
    problems, files = [], {}
    for entry in entries:
        path = entry.name if entry.parts is None else "/".join(entry.parts[strip:])
        if entry.refusal:
            problems.append(Problem(entry.refusal, shown(path)))
        elif entry.data is None:
            continue
        elif path in files:
            problems.append(Problem("appears more than once in the archive", shown(path)))
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


def _zip_members(data: bytes) -> Iterator[_Member]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        for info in archive.infolist():
            yield _Member(info.filename, _zip_kind(info), info.file_size,
                          partial(read_limited, partial(archive.open, info)))


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
                          partial(read_limited, partial(archive.extractfile, member)))


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
            raise Refused(f"the archive unpacks to more than {MAX_ARCHIVE_BYTES} bytes")
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
                raise Refused(f"the archive has an extended header of {header.size} bytes; "
                              f"at most {_MAX_EXTENDED_HEADER_BYTES} are accepted")
            if next(extended) > MAX_ARCHIVE_MEMBERS:
                raise Refused(f"the archive has more than {MAX_ARCHIVE_MEMBERS} extended "
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
