"""Hostile challenge uploads become a checked mapping of files, or problems that say why not."""

from __future__ import annotations

import gzip
import io
import os
import shutil
import stat
import struct
import tarfile
import tracemalloc
import warnings
import zipfile
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from graders.files.archive import (
    MAX_ARCHIVE_BYTES,
    MAX_ARCHIVE_MEMBERS,
    files_from_archive,
    write_archive,
)
from graders.files.folder import folder_files
from graders.files.names import is_allowed_name
from graders.files.rules import (
    MAX_FILE_BYTES,
    MAX_FILES,
    MAX_TOTAL_BYTES,
    check_files,
    files_from_mapping,
)
from graders.files.syntax import syntax_problems
from graders.problems import ChallengeProblems, Problem

SOFTMAX = Path(__file__).resolve().parents[2] / "challenges" / "softmax"
MB = 1024 * 1024
TOML = b'slug = "demo"\nentry_point = "f"\n'
TRICKY = {
    "challenge.toml": b'\xef\xbb\xbfslug = "demo"\r\n',  # a BOM and CRLF
    "reference.py": b"def f(x):  \r\n    return x\t\r\n\r\n",  # trailing whitespace
    "statement.ko.md": "# 소프트맥스\n\n끝 \n".encode(),
    "mutants/no_max.py": b"",
}


def problems_of(function, *args) -> list[Problem]:
    with pytest.raises(ChallengeProblems) as raised:
        function(*args)
    assert raised.value.problems, "a refusal names at least one problem"
    return raised.value.problems


def messages(problems: list[Problem]) -> str:
    return " | ".join(str(problem) for problem in problems)


# -- building archives, hostile ones included ------------------------------------------------

def tar_entry(name: str, data: bytes = b"", kind: bytes = tarfile.REGTYPE,
              size: int | None = None, linkname: str = "") -> bytes:
    """One tar header (and its data) exactly as given, whatever it declares."""
    header = tarfile.TarInfo(name)
    header.type, header.linkname = kind, linkname
    header.size = len(data) if size is None else size
    return header.tobuf(format=tarfile.GNU_FORMAT) + data + bytes(-len(data) % 512)


def tar_gz(*entries: bytes) -> bytes:
    return gzip.compress(b"".join(entries) + bytes(1024), mtime=0)


def tar_gz_of(*files: tuple[str, bytes]) -> bytes:
    return tar_gz(*(tar_entry(name, data) for name, data in files))


def zip_of(*entries: tuple[str | zipfile.ZipInfo, bytes]) -> bytes:
    packed = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile warns of the duplicate names some tests write
        with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
            for name, data in entries:
                archive.writestr(name, data)
    return packed.getvalue()


def zip_entry(name: str, mode: int) -> zipfile.ZipInfo:
    """A zip entry whose external attributes carry the Unix `mode`, file type included."""
    info = zipfile.ZipInfo(name)
    info.create_system, info.external_attr = 3, mode << 16
    return info


def zip_of_zeros(size: int, declared_size: int) -> bytes:
    """A one-entry zip of `size` zero bytes, deflated, that declares `declared_size`."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    megabyte = packer.compress(bytes(MB)) + packer.flush(zlib.Z_FULL_FLUSH)
    data = megabyte * (size // MB) + packer.flush()
    crc = 0
    for _ in range(size // MB):
        crc = zlib.crc32(bytes(MB), crc)
    name = b"softmax/reference.py"
    sizes = (crc, len(data), declared_size, len(name))
    local = struct.pack("<4s5H3L2H", b"PK\x03\x04", 20, 0, 8, 0, 0, *sizes, 0) + name + data
    central = struct.pack("<4s6H3L5H2L", b"PK\x01\x02", 20, 20, 0, 8, 0, 0, *sizes,
                          0, 0, 0, 0, 0, 0) + name
    end = struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, 1, 1, len(central), len(local), 0)
    return local + central + end


def refused_fast(data: bytes) -> str:
    """Read a bomb: it must be refused holding under 16 MiB (it stops early: the read is
    bounded, not the whole unpacked size)."""
    tracemalloc.start()
    try:
        found = messages(problems_of(files_from_archive, data))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 16 * MB, peak
    return found


@pytest.fixture(scope="module")
def softmax() -> dict[str, bytes]:
    return folder_files(SOFTMAX)


# -- names -----------------------------------------------------------------------------------

@pytest.mark.parametrize("path", ["challenge.toml", "statement.en.md", "statement.ko.md",
                                  "starter.py", "reference.py", "cases.py", "mutants/no_max.py",
                                  "mutants/_private2.py", "mutants/" + "a" * 252 + ".py"])
def test_the_folder_layout_is_allowed(path):
    assert is_allowed_name(path)


@pytest.mark.parametrize("path", ["", "README.md", "statement.fr.md", "Challenge.toml",
                                  "./challenge.toml", "/challenge.toml", "softmax/reference.py",
                                  "mutants", "mutants/", "mutants/.py", "mutants/2fast.py",
                                  "mutants/not-an-identifier.py", "mutants/a.b.py",
                                  "mutants/sub/no_max.py", "mutants/no_max.pyc",
                                  "mutants/no_max.txt", "mutants/ñ.py", "mutants\\no_max.py",
                                  "mutants/" + "a" * 253 + ".py", "cases.py/x"])
def test_anything_else_is_not(path):
    assert not is_allowed_name(path)


# -- the one rule set ------------------------------------------------------------------------

def test_checked_files_come_back_sorted_by_path_and_unchanged():
    files = {"reference.py": b"x = 1\r\n", "challenge.toml": TOML, "mutants/b.py": b"",
             "mutants/a.py": b"\xef\xbb\xbfy = 2\n"}
    checked = check_files(files)
    assert list(checked) == ["challenge.toml", "mutants/a.py", "mutants/b.py", "reference.py"]
    assert checked == files and checked is not files


@pytest.mark.parametrize(("path", "words"), [
    ("/etc/passwd", "absolute path"),
    ("../challenge.toml", "'..'"),
    ("mutants/../../cases.py", "'..'"),
    ("mutants\\no_max.py", "backslash"),
    ("notes.txt", "allowed files are challenge.toml"),
    ("mutants/not-an-identifier.py", "Python identifier"),
    ("mutants/sub/no_max.py", "allowed files"),
    ("softmax/challenge.toml", "allowed files"),
])
def test_a_path_outside_the_layout_is_refused_by_name(path, words):
    [problem] = problems_of(check_files, {"challenge.toml": TOML, path: b"x = 1\n"})
    assert problem.file == path and words in problem.message


def test_text_that_is_not_utf8_is_refused_at_its_line():
    [problem] = problems_of(check_files, {"challenge.toml": TOML,
                                          "reference.py": b"a = 1\nb = '\xe9'\n"})
    assert (problem.file, problem.line) == ("reference.py", 2)
    assert "UTF-8" in problem.message and "0xe9" in problem.message


def test_a_nul_byte_is_refused_at_its_line():
    [problem] = problems_of(check_files, {"challenge.toml": TOML, "cases.py": b"\n\nx\0 = 1"})
    assert (problem.file, problem.line, problem.message) == ("cases.py", 3,
                                                             "contains a NUL byte")


def test_a_file_over_the_limit_is_refused_and_one_at_the_limit_is_not():
    at_limit = {"challenge.toml": TOML, "cases.py": b"#" * MAX_FILE_BYTES}
    assert check_files(at_limit) == at_limit
    [problem] = problems_of(check_files, {**at_limit, "cases.py": b"#" * (MAX_FILE_BYTES + 1)})
    assert problem.file == "cases.py" and "larger than 262144 bytes" in problem.message


def test_files_over_the_total_are_refused():
    files = {f"mutants/m{i}.py": b"#" * MAX_FILE_BYTES for i in range(8)}
    files["challenge.toml"] = TOML
    [problem] = problems_of(check_files, files)
    assert problem.file is None and f"more than {MAX_TOTAL_BYTES} bytes" in problem.message


def test_too_many_files_are_refused():
    files = {f"mutants/m{i}.py": b"" for i in range(MAX_FILES)}
    files["challenge.toml"] = TOML
    [problem] = problems_of(check_files, files)
    assert problem.message == f"{MAX_FILES + 1} files; a challenge may hold at most {MAX_FILES}"
    del files["mutants/m0.py"]
    assert check_files(files) == dict(sorted(files.items()))


def test_challenge_toml_is_required():
    [problem] = problems_of(check_files, {"reference.py": b""})
    assert problem.file == "challenge.toml" and "missing" in problem.message


def test_every_problem_is_named_at_once():
    problems = problems_of(check_files, {"/abs.py": b"", "reference.py": b"\xff",
                                         "cases.py": b"\0", "x.md": b""})
    assert [p.file for p in problems] == ["/abs.py", "cases.py", "reference.py", "x.md",
                                          "challenge.toml"]


# -- a JSON body -----------------------------------------------------------------------------

def test_a_mapping_of_text_is_encoded_as_utf8_and_checked():
    files = files_from_mapping({"reference.py": "x = 'é'\r\n", "challenge.toml": "slug = 1\n"})
    assert files == {"challenge.toml": b"slug = 1\n", "reference.py": "x = 'é'\r\n".encode()}


@pytest.mark.parametrize("body", [None, "files", ["challenge.toml"], 3])
def test_files_that_are_not_an_object_are_refused(body):
    [problem] = problems_of(files_from_mapping, body)
    assert problem.file is None and "object" in problem.message


def test_a_value_that_is_not_text_is_refused_by_its_path():
    problems = problems_of(files_from_mapping, {"challenge.toml": "", "cases.py": 3,
                                                "starter.py": None, "reference.py": ["x"]})
    assert [(p.file, p.message) for p in problems] == [
        ("cases.py", "must be given as text (a string), not int"),
        ("starter.py", "must be given as text (a string), not NoneType"),
        ("reference.py", "must be given as text (a string), not list")]


def test_a_path_that_is_not_a_string_is_refused():
    [problem] = problems_of(files_from_mapping, {"challenge.toml": "", 7: "x"})
    assert problem.message == "every path must be a string, not int"


def test_a_lone_surrogate_is_refused_at_its_line():
    [problem] = problems_of(files_from_mapping, {"challenge.toml": "", "cases.py": "a\nb\ud800"})
    assert (problem.file, problem.line) == ("cases.py", 2) and "surrogate" in problem.message


def test_a_mapping_goes_through_the_same_rules():
    problems = problems_of(files_from_mapping, {"../x.py": "", "cases.py": "\0"})
    assert [p.file for p in problems] == ["../x.py", "cases.py", "challenge.toml"]


def test_a_hostile_path_is_named_printably():
    [problem, _] = problems_of(files_from_mapping, {"a\x1b[2J\n\ud800.py": ""})
    assert problem.file == "a\\x1b[2J\\n\\ud800.py"
    problem.file.encode("utf-8")


# -- writing archives ------------------------------------------------------------------------

def test_an_archive_round_trips_byte_for_byte():
    assert files_from_archive(write_archive(TRICKY, "demo")) == dict(sorted(TRICKY.items()))


def test_the_same_files_always_give_the_same_bytes():
    shuffled = dict(reversed(list(TRICKY.items())))
    assert write_archive(TRICKY, "demo") == write_archive(shuffled, "demo")


def test_an_archive_holds_plain_files_under_one_folder():
    packed = write_archive(TRICKY, "demo")
    assert packed[4:8] == bytes(4)  # the gzip header's mtime
    with tarfile.open(fileobj=io.BytesIO(packed), mode="r:gz") as archive:
        headers = archive.getmembers()
    assert [h.name for h in headers] == [f"demo/{path}" for path in sorted(TRICKY)]
    assert {(h.type, h.mode, h.mtime, h.uid, h.gid, h.uname, h.gname) for h in headers} == {
        (tarfile.REGTYPE, 0o644, 0, 0, 0, "", "")}


def test_the_longest_names_round_trip():
    files = {"challenge.toml": TOML, "mutants/" + "m" * 252 + ".py": b"x = 1\n"}
    assert files_from_archive(write_archive(files, "s" * 100)) == files


@pytest.mark.parametrize("top", ["", ".", "..", "a/b", "/abs", "a\\b", "-x", "é", "s" * 101])
def test_the_folder_must_be_a_plain_name(top):
    [problem] = problems_of(write_archive, TRICKY, top)
    assert "cannot name the archive's folder" in problem.message


def test_files_that_break_the_rules_are_not_written():
    assert problems_of(write_archive, {"challenge.toml": TOML, "../x": b""}, "demo")


# -- reading archives: layouts ---------------------------------------------------------------

def test_files_may_sit_at_the_root_of_a_zip():
    assert files_from_archive(zip_of(*TRICKY.items())) == dict(sorted(TRICKY.items()))


def test_files_may_sit_in_one_folder_of_a_zip():
    packed = zip_of(("demo/", b""), ("demo/mutants/", b""),
                    *((f"demo/{path}", data) for path, data in TRICKY.items()))
    assert files_from_archive(packed) == dict(sorted(TRICKY.items()))


def test_files_may_sit_at_the_root_of_a_tar_gz_made_from_inside_the_folder():
    packed = tar_gz(tar_entry("./", kind=tarfile.DIRTYPE),
                    tar_entry("./mutants/", kind=tarfile.DIRTYPE),
                    *(tar_entry(f"./{path}", data) for path, data in TRICKY.items()))
    assert files_from_archive(packed) == dict(sorted(TRICKY.items()))


def test_files_in_two_folders_are_not_stripped():
    problems = problems_of(files_from_archive, zip_of(("a/challenge.toml", TOML),
                                                      ("b/reference.py", b"")))
    assert [p.file for p in problems] == ["a/challenge.toml", "b/reference.py", "challenge.toml"]


def test_a_file_beside_the_folder_keeps_the_folder():
    problems = problems_of(files_from_archive, zip_of(("demo/reference.py", b""),
                                                      ("challenge.toml", TOML)))
    assert [p.file for p in problems] == ["demo/reference.py"]


def test_nested_folders_are_refused_by_name():
    problems = problems_of(files_from_archive, zip_of(
        ("demo/challenge.toml", TOML), ("demo/mutants/extra/no_max.py", b""),
        ("demo/docs/notes.md", b"")))
    assert [p.file for p in problems] == ["docs/notes.md", "mutants/extra/no_max.py"]


def test_the_softmax_folder_round_trips_through_an_archive(softmax):
    assert "mutants/no_max_subtraction.py" in softmax
    assert softmax == {path: (SOFTMAX / path).read_bytes() for path in softmax}
    assert files_from_archive(write_archive(softmax, "softmax")) == softmax


# -- reading archives: what is refused -------------------------------------------------------

def test_what_is_not_an_archive_is_refused():
    plain_tar = b"".join([tar_entry("challenge.toml", TOML), bytes(1024)])
    for data in [b"", b"hello", b"\x89PNG\r\n\x1a\n", plain_tar, b"BZh91AY&SY", b"PK"]:
        [problem] = problems_of(files_from_archive, data)
        assert problem.message == "not a .zip or .tar.gz archive"


@pytest.mark.parametrize("packed", [zip_of(), tar_gz()], ids=["zip", "tar.gz"])
def test_an_empty_archive_is_refused(packed):
    [problem] = problems_of(files_from_archive, packed)
    assert problem.message == "the archive is empty"


def test_an_archive_of_folders_only_lacks_challenge_toml():
    [problem] = problems_of(files_from_archive, zip_of(("demo/", b""), ("demo/mutants/", b"")))
    assert problem.file == "challenge.toml"


@pytest.mark.parametrize("packed", [
    zip_of(("challenge.toml", TOML))[:-30], tar_gz_of(("challenge.toml", TOML))[:-12],
    gzip.compress(b"not a tar archive" * 100)], ids=["zip", "tar.gz", "gzip"])
def test_a_damaged_archive_is_refused(packed):
    [problem] = problems_of(files_from_archive, packed)
    assert problem.message.startswith("the archive cannot be read:")


def test_an_archive_larger_than_any_challenge_is_refused_unread():
    [problem] = problems_of(files_from_archive, b"PK\x03\x04" + bytes(MAX_ARCHIVE_BYTES))
    assert problem.message.startswith(f"the archive is {MAX_ARCHIVE_BYTES + 4} bytes")


@pytest.mark.parametrize(("name", "words"), [("/etc/passwd", "absolute path"),
                                             ("demo/../../etc/passwd", "'..'"),
                                             ("..", "'..'"),
                                             ("demo\\..\\x.py", "backslash")])
def test_unsafe_paths_are_refused_in_either_archive(name, words):
    for pack in [zip_of, tar_gz_of]:
        packed = pack((name, b"x"), ("challenge.toml", TOML))
        [problem] = problems_of(files_from_archive, packed)
        assert problem.file == name and words in problem.message


@pytest.mark.parametrize(("kind", "what"), [(tarfile.SYMTYPE, "a symbolic link"),
                                            (tarfile.LNKTYPE, "a hard link"),
                                            (tarfile.CHRTYPE, "a character device"),
                                            (tarfile.BLKTYPE, "a block device"),
                                            (tarfile.FIFOTYPE, "a FIFO"),
                                            (b"Z", "a special file")])
def test_tar_entries_that_are_not_files_or_folders_are_refused(kind, what):
    packed = tar_gz(tar_entry("demo/challenge.toml", TOML),
                    tar_entry("demo/reference.py", kind=kind, linkname="/etc/passwd"))
    [problem] = problems_of(files_from_archive, packed)
    assert problem.file == "reference.py" and problem.message.startswith(f"is {what}")


@pytest.mark.parametrize(("mode", "what"), [(stat.S_IFLNK | 0o777, "a symbolic link"),
                                            (stat.S_IFCHR | 0o644, "a character device"),
                                            (stat.S_IFBLK | 0o644, "a block device"),
                                            (stat.S_IFIFO | 0o644, "a FIFO"),
                                            (stat.S_IFSOCK | 0o644, "a socket"),
                                            (0o130644, "a special file")])
def test_zip_entries_that_are_not_files_or_folders_are_refused(mode, what):
    packed = zip_of(("challenge.toml", TOML), (zip_entry("reference.py", mode), b"/etc/passwd"))
    [problem] = problems_of(files_from_archive, packed)
    assert problem.file == "reference.py" and problem.message.startswith(f"is {what}")


def test_zip_modes_of_plain_files_and_folders_are_accepted():
    packed = zip_of((zip_entry("demo/", stat.S_IFDIR | 0o755), b""),
                    (zip_entry("demo/challenge.toml", stat.S_IFREG | 0o644), TOML),
                    (zip_entry("demo/reference.py", 0), b"x = 1\n"))
    assert files_from_archive(packed) == {"challenge.toml": TOML, "reference.py": b"x = 1\n"}


def test_a_path_twice_is_refused_in_either_archive():
    for pack in [zip_of, tar_gz_of]:
        packed = pack(("challenge.toml", TOML), ("./challenge.toml", b"evil = 1\n"))
        [problem] = problems_of(files_from_archive, packed)
        assert problem.file == "challenge.toml" and "more than once" in problem.message


def test_too_many_entries_are_refused_folders_included():
    folders = [tar_entry(f"demo/d{i}/", kind=tarfile.DIRTYPE) for i in range(MAX_ARCHIVE_MEMBERS)]
    packed = tar_gz(tar_entry("demo/challenge.toml", TOML), *folders)
    [problem] = problems_of(files_from_archive, packed)
    assert f"more than {MAX_ARCHIVE_MEMBERS} entries" in problem.message
    assert files_from_archive(tar_gz(tar_entry("demo/challenge.toml", TOML), *folders[1:]))


def test_too_many_zip_entries_are_refused():
    packed = zip_of(("challenge.toml", TOML),
                    *((f"d{i}/", b"") for i in range(MAX_ARCHIVE_MEMBERS)))
    [problem] = problems_of(files_from_archive, packed)
    assert f"more than {MAX_ARCHIVE_MEMBERS} entries" in problem.message


def test_a_tar_member_declaring_10_gb_is_refused_unread():
    packed = tar_gz(tar_entry("demo/challenge.toml", TOML),
                    tar_entry("demo/cases.py", b"x = 1\n", size=10 * 1024**3))
    [problem] = problems_of(files_from_archive, packed)
    assert problem.file == "demo/cases.py" and "larger than 262144 bytes" in problem.message


@pytest.mark.parametrize("pack", [zip_of, tar_gz_of], ids=["zip", "tar.gz"])
def test_an_oversized_file_is_refused(pack):
    [problem] = problems_of(files_from_archive, pack(("challenge.toml", TOML),
                                                     ("cases.py", b"#" * (MAX_FILE_BYTES + 1))))
    assert problem.file == "cases.py" and "larger than 262144 bytes" in problem.message


def test_files_over_the_total_are_refused_as_they_are_read():
    big = [(f"mutants/m{i}.py", bytes(MAX_FILE_BYTES)) for i in range(MAX_ARCHIVE_MEMBERS - 1)]
    packed = zip_of(("challenge.toml", TOML), *big)  # 64 MiB deflated to about 100 KiB
    assert f"more than {MAX_TOTAL_BYTES} bytes" in refused_fast(packed)


def test_a_zip_bomb_is_refused_fast():
    assert "larger than 262144 bytes" in refused_fast(zip_of_zeros(200 * MB, 200 * MB))


def test_a_zip_bomb_that_understates_its_size_is_refused_fast():
    assert "cannot be read" in refused_fast(zip_of_zeros(200 * MB, 1000))


def test_a_tar_gz_bomb_is_refused_fast():
    zeros = gzip.compress(bytes(64 * MB), compresslevel=9, mtime=0)
    skipped = gzip.compress(tar_entry("demo/x", kind=b"Z", size=8**11 - 1), mtime=0)
    assert "unpacks to more than" in refused_fast(skipped + zeros * 16)  # a gigabyte
    assert refused_fast(zeros * 16) == "the archive is empty"


def test_a_huge_extended_header_is_refused_before_it_is_parsed():
    """tarfile parses pax headers in quadratic time on runs of digits (CVE-2024-6232)."""
    pax = tar_entry("././@PaxHeader", b"1" * 65536, kind=tarfile.XHDTYPE)
    [problem] = problems_of(files_from_archive, tar_gz(pax, tar_entry("challenge.toml", TOML)))
    assert "extended header of 65536 bytes" in problem.message


def test_too_many_extended_headers_are_refused():
    pax = tar_entry("././@PaxHeader", b"1" * 512, kind=tarfile.XHDTYPE)
    [problem] = problems_of(files_from_archive, tar_gz(*[pax] * 300, tar_entry("x", b"")))
    assert f"more than {MAX_ARCHIVE_MEMBERS} extended headers" in problem.message


def test_names_that_are_not_utf8_are_shown_replaced():
    header = tarfile.TarInfo("x")
    raw = header.tobuf(format=tarfile.USTAR_FORMAT).replace(b"x\0", b"\xff\x1b", 1)
    raw = raw[:148] + b"%06o\0 " % (sum(raw[:148]) + 256 + sum(raw[156:])) + raw[156:]
    problems = problems_of(files_from_archive, gzip.compress(raw + bytes(1024)))
    assert problems[0].file == "\ufffd\\x1b"


def as_is(data: bytes) -> bytes:
    return data


# (what is damaged, how it is then packed): a zip, a tar.gz, and a tar damaged before gzip
DAMAGEABLE = [(zip_of(*((f"demo/{path}", data) for path, data in TRICKY.items())), as_is),
              (write_archive(TRICKY, "demo"), as_is),
              (gzip.decompress(write_archive(TRICKY, "demo")), gzip.compress)]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(DAMAGEABLE),
       st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)), min_size=1, max_size=8))
def test_damaged_archives_give_files_or_problems_never_an_exception(damageable, changes):
    data, pack = damageable
    damaged = bytearray(data)
    for offset, value in changes:
        damaged[offset % len(damaged)] = value
    try:
        files_from_archive(pack(bytes(damaged)))
    except ChallengeProblems:
        pass


NAMES = st.sampled_from(["statement.en.md", "statement.ko.md", "starter.py", "reference.py",
                         "cases.py"]) | st.from_regex(r"mutants/[A-Za-z_][A-Za-z0-9_]{0,40}\.py",
                                                      fullmatch=True)
TEXTS = st.text(st.characters(codec="utf-8", exclude_characters="\0"), max_size=300)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(NAMES, TEXTS, max_size=12), TEXTS)
def test_any_allowed_files_of_text_round_trip(others, toml):
    files = {path: text.encode() for path, text in {**others, "challenge.toml": toml}.items()}
    assert files_from_archive(write_archive(files, "demo")) == dict(sorted(files.items()))


# -- a folder on disk ------------------------------------------------------------------------

@pytest.fixture
def folder(tmp_path) -> Path:
    return Path(shutil.copytree(SOFTMAX, tmp_path / "softmax"))


def test_a_folder_is_read_as_bytes_without_its_caches(folder, softmax):
    (folder / "reference.py").write_bytes(b"\xef\xbb\xbfdef softmax(row):\r\n    return row\r\n")
    (folder / "__pycache__").mkdir()
    (folder / "__pycache__" / "reference.cpython-311.pyc").write_bytes(b"\0\xff")
    (folder / "__pycache__" / "notes.txt").write_bytes(b"the whole folder is skipped")
    (folder / "mutants" / "__pycache__").mkdir()
    (folder / "mutants" / "no_max_subtraction.pyc").write_bytes(b"\0")
    files = folder_files(folder)
    assert files["reference.py"] == b"\xef\xbb\xbfdef softmax(row):\r\n    return row\r\n"
    assert files.keys() == softmax.keys()


def test_symbolic_links_in_a_folder_are_refused(folder, tmp_path):
    (folder / "cases.py").unlink()
    (folder / "cases.py").symlink_to("/etc/passwd")
    (folder / "more").symlink_to(tmp_path, target_is_directory=True)
    problems = problems_of(folder_files, folder)
    assert [(p.file, p.message.split(";")[0]) for p in problems] == [
        ("cases.py", "is a symbolic link"), ("more", "is a symbolic link")]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_in_a_folder_is_refused_without_being_opened(folder):
    os.mkfifo(folder / "starter.py.fifo")
    [problem] = problems_of(folder_files, folder)
    assert problem.file == "starter.py.fifo" and "regular file" in problem.message


def test_a_folder_goes_through_the_same_rules(folder):
    (folder / "README.md").write_text("hello")
    (folder / "mutants" / "bad-name.py").write_bytes(b"")
    (folder / "cases.py").write_bytes(b"\xff")
    problems = problems_of(folder_files, folder)
    assert [p.file for p in problems] == ["README.md", "cases.py", "mutants/bad-name.py"]


def test_a_folder_with_too_many_files_is_refused_unread(folder):
    held = len(folder_files(folder))
    for i in range(MAX_FILES):
        (folder / "mutants" / f"m{i}.py").write_bytes(b"")
    [problem] = problems_of(folder_files, folder)
    assert problem.message.startswith(f"{MAX_FILES + held} files")


def test_a_missing_folder_is_a_problem(tmp_path):
    [problem] = problems_of(folder_files, tmp_path / "nowhere")
    assert "cannot be read" in problem.message


# -- syntax ----------------------------------------------------------------------------------

def test_files_that_parse_have_no_problems(softmax):
    assert syntax_problems(softmax) == []
    assert syntax_problems(TRICKY | {"challenge.toml": TOML}) == []


def test_a_python_syntax_error_is_named_with_its_line():
    problems = syntax_problems({"challenge.toml": TOML, "statement.en.md": b"def (",
                                "mutants/bad.py": b"import math\n\ndef f(x:\n    return x\n"})
    assert [(p.file, p.line) for p in problems] == [("mutants/bad.py", 3)]
    assert problems[0].message.startswith("syntax error: ")


def test_a_toml_error_is_named_with_its_line():
    [problem] = syntax_problems({"challenge.toml": b'slug = "x"\n\nentry_point = \n'})
    assert (problem.file, problem.line) == ("challenge.toml", 3)
    assert problem.message == "not valid TOML: Invalid value"


@pytest.mark.parametrize("source", [b"(" * 100_000, b"-" * 100_000 + b"1",
                                    b"x = a" + b".b" * 100_000, b"[" * 100_000,
                                    b"x = " + b"1" * 5000, b"x = 1\0", b"# coding: nope\n"])
def test_hostile_python_is_a_problem_not_a_crash(source):
    [problem] = syntax_problems({"cases.py": source})
    assert problem.file == "cases.py"


@pytest.mark.parametrize("source", [b"a = " + b"[" * 100_000, b"a = " + b"{x = " * 100_000,
                                    b"a = " + b"1" * 5000, b"[a]\n[a]\n"])
def test_hostile_toml_is_a_problem_not_a_crash(source):
    [problem] = syntax_problems({"challenge.toml": source})
    assert problem.file == "challenge.toml"
