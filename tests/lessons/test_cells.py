"""CI checks every cell: each lesson in lessons/, in every language, loads, links challenges
that exist, and each cell prints its expected output in the real sandbox; a lesson that does
not is found (by the check and by `arena lessons validate`, which then exits 1)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from arena.cli import main
from graders.challenge.spec import load_catalog
from graders.lessons.check import check_lesson, lesson_folders
from graders.lessons.run import cell_limits, run_cell

pytestmark = pytest.mark.sandbox

REPOSITORY = Path(__file__).resolve().parents[2]
LIMITS = cell_limits(10.0, 256)


@pytest.fixture(scope="module")
def sandbox(make_sandbox):
    box = make_sandbox("docker")
    yield box
    box.close()


@pytest.fixture(scope="module")
def challenges() -> list[str]:
    specs, _ = load_catalog(REPOSITORY / "challenges")
    return [spec.slug for spec in specs]


@pytest.mark.parametrize("folder", lesson_folders(REPOSITORY / "lessons"),
                         ids=lambda folder: folder.name)
def test_every_cell_prints_its_expected_output(folder, sandbox, challenges):
    result = check_lesson(folder, sandbox, LIMITS, challenges)
    assert result.ok, result.problems
    assert result.cells_run >= 2


def test_a_cell_whose_output_changed_is_found(tmp_path, sandbox, challenges):
    folder = tmp_path / "attention-basics"
    shutil.copytree(REPOSITORY / "lessons" / "attention-basics", folder)
    for name in ("lesson.en.md", "lesson.ko.md"):
        path = folder / name
        path.write_text(path.read_text(encoding="utf-8").replace(
            "d=4: spread 2,", "d=4: spread 3,"), encoding="utf-8")
    result = check_lesson(folder, sandbox, LIMITS, challenges)
    assert [p.split(":")[0] for p in result.problems] == ["lesson.en.md", "lesson.ko.md"]
    assert "cell 'scale' printed" in result.problems[0]


def test_a_cell_runs_as_a_script_with_numpy_and_no_network(sandbox):
    code = ("import numpy as np, socket\nprint(__name__, np.arange(3).sum())\n"
            "socket.create_connection(('1.1.1.1', 80), timeout=2)\n")
    run = run_cell(code, sandbox, LIMITS)
    assert run.stdout == "__main__ 3\n" and run.error_type is not None
    assert 'File "cell.py", line 3, in <module>' in run.stderr


def test_printing_without_end_is_cut_and_said_to_be(sandbox):
    run = run_cell("while True:\n    print('x' * 1000)\n", sandbox, cell_limits(2.0, 256))
    assert run.limit in ("time", "output")


def test_arena_lessons_validate_exits_1_on_a_mismatch(tmp_path, monkeypatch):
    folder = tmp_path / "lessons" / "attention-basics"
    shutil.copytree(REPOSITORY / "lessons" / "attention-basics", folder)
    path = folder / "lesson.ko.md"
    path.write_text(path.read_text(encoding="utf-8").replace("print(\"attention:\"",
                                                             "print(\"attn:\""), encoding="utf-8")
    monkeypatch.setenv("ARENA_LESSONS_DIR", str(tmp_path / "lessons"))
    monkeypatch.setenv("ARENA_DATA_DIR", str(tmp_path / "data"))
    result = CliRunner().invoke(main, ["lessons", "validate"])
    assert result.exit_code == 1, result.output
    assert "attention-basics [ko] example: MISMATCH" in result.output
    assert "attention-basics [en] example: ok" in result.output
