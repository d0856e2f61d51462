"""Authoring from the command line, as an operator would: scaffold a folder, sync folders that
are valid, broken or weak, export a challenge and import it elsewhere byte for byte, and a
server that starts whatever the folders hold."""

from __future__ import annotations

import io
import shutil
import tarfile
from pathlib import Path

import pytest
import requests

from bench.live_server import LiveServer, environment
from graders.authoring.record import RECORD
from graders.challenge.spec import load_challenge
from graders.files.folder import folder_files

CHALLENGES = Path(__file__).resolve().parents[2] / "challenges"
# The command line's own behaviour, whatever database the server keeps (make test-postgres
# leaves it out).
pytestmark = [pytest.mark.sandbox, pytest.mark.any_database]


@pytest.fixture
def folders(tmp_path: Path) -> Path:
    """A challenges folder: softmax as recorded valid, scaled-scores with a zero reference
    (never validated), and a half-written folder without a difficulty."""
    root = tmp_path / "challenges"
    shutil.copytree(CHALLENGES / "softmax", root / "softmax")
    shutil.copy(CHALLENGES / RECORD, root / RECORD)
    weak = shutil.copytree(CHALLENGES / "scaled-scores", root / "scaled-scores")
    (weak / "reference.py").write_text(
        "def scaled_scores(Q, K):\n    return [[0.0 for _ in K] for _ in Q]\n")
    half = shutil.copytree(CHALLENGES / "softmax", root / "half-written")
    toml = half / "challenge.toml"
    toml.write_text(toml.read_text().replace('slug = "softmax"', 'slug = "half-written"')
                    .replace('difficulty = "easy"\n', ""))
    return root


def test_new_scaffolds_a_folder_that_loads_and_says_what_to_fill_in(server, tmp_path):
    made = server.cli("challenges", "new", "row-max", "--entry-point", "row_max",
                      "--to", str(tmp_path))
    assert made.returncode == 0, made.stderr
    assert "arena challenges validate row-max" in made.stdout
    spec = load_challenge(tmp_path / "row-max")  # passes the structure checks
    assert spec.entry_point == "row_max" and [m.name for m in spec.mutants] == ["todo_bug"]
    assert "TODO" in spec.statement["en"] and "TODO" in spec.reference
    assert set(spec.editorial) == {"en", "ko"}  # editorial stubs, with each language's headings
    again = server.cli("challenges", "new", "row-max", "--to", str(tmp_path))
    assert again.returncode == 1 and "exists" in again.stderr


def test_sync_publishes_the_valid_and_reports_the_rest(server, folders):
    server.env["ARENA_CHALLENGES_DIR"] = str(folders)
    synced = server.cli("challenges", "sync")
    assert synced.returncode == 1
    assert "published softmax" in synced.stdout
    assert ("skipped challenges/half-written: challenge.toml: difficulty must be one of easy, "
            "medium, hard") in synced.stderr
    assert "scaled-scores version 1: INVALID, not published" in synced.stdout
    assert "- starter.py: line 1: the starter code is accepted: it must not pass" in synced.stdout
    listed = server.cli("challenges", "list")
    assert listed.stdout.split()[0] == "softmax" and "scaled-scores" not in listed.stdout


def test_the_server_starts_with_broken_folders_and_says_which_and_why(server, folders,
                                                                      tmp_path):
    server.env["ARENA_CHALLENGES_DIR"] = str(folders)
    log = tmp_path / "serve.log"
    with log.open("wb") as stderr:
        server.start(log=stderr)
    said = log.read_text()
    assert "skipped challenges/half-written: challenge.toml: difficulty must be one of" in said
    listed = requests.get(f"{server.url}/api/v1/challenges", timeout=5).json()["challenges"]
    assert [c["slug"] for c in listed] == ["softmax"]  # scaled-scores waits for its validation


def test_export_then_import_elsewhere_is_byte_for_byte(server, tmp_path):
    server.env["ARENA_CHALLENGES_DIR"] = str(CHALLENGES)
    assert server.cli("challenges", "sync").returncode == 0
    archive = tmp_path / "softmax.tar.gz"
    exported = server.cli("challenges", "export", "softmax", "-o", str(archive))
    assert exported.returncode == 0, exported.stderr
    with tarfile.open(archive) as opened:
        unpacked = {m.name.removeprefix("softmax/"): opened.extractfile(m).read()
                    for m in opened.getmembers() if m.isfile()}
    assert unpacked == folder_files(CHALLENGES / "softmax")

    elsewhere = LiveServer(environment(
        ARENA_DATA_DIR=str(tmp_path / "elsewhere"),
        ARENA_CHALLENGES_DIR=str(tmp_path / "no-folders")))
    (tmp_path / "no-folders").mkdir()
    elsewhere.upgrade()
    imported = elsewhere.cli("challenges", "import", str(archive))
    assert imported.returncode == 0, imported.stdout + imported.stderr
    assert "softmax version 1: published" in imported.stdout
    again = tmp_path / "again.tar.gz"
    assert elsewhere.cli("challenges", "export", "softmax", "-o", str(again)).returncode == 0
    assert again.read_bytes() == archive.read_bytes()


def test_import_refuses_a_weak_challenge_and_a_hostile_archive(server, tmp_path, folders):
    weak = io.BytesIO()
    with tarfile.open(fileobj=weak, mode="w:gz") as archive:
        archive.add(folders / "scaled-scores", arcname="scaled-scores")
    (tmp_path / "weak.tar.gz").write_bytes(weak.getvalue())
    refused = server.cli("challenges", "import", str(tmp_path / "weak.tar.gz"))
    assert refused.returncode == 1 and "INVALID, not published" in refused.stdout

    hostile = io.BytesIO()
    with tarfile.open(fileobj=hostile, mode="w:gz") as archive:
        link = tarfile.TarInfo("challenge.toml")
        link.type, link.linkname = tarfile.SYMTYPE, "/etc/passwd"
        archive.addfile(link)
    (tmp_path / "hostile.tar.gz").write_bytes(hostile.getvalue())
    refused = server.cli("challenges", "import", str(tmp_path / "hostile.tar.gz"))
    assert refused.returncode == 1 and "symbolic link" in refused.stderr
