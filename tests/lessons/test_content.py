"""The lesson loader (graders.lessons.content): the format's rules and bounds, checked before
anything is shown or run."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from graders.bounds import MAX_CELL_CODE_BYTES, MAX_CELL_OUTPUT_BYTES, MAX_LESSON_BYTES
from graders.lessons.content import LessonError, load_lesson, load_lessons, same_output

REPOSITORY = Path(__file__).resolve().parents[2]
TOML = '''order = 3
track = "internals"
challenges = ["softmax"]

[title]
en = "A lesson"
ko = "레슨"
'''
CELL = "```python cell={id}\n{code}\n```\n\n```output\n{output}\n```\n"
F = "```"


def body(*cells: tuple[str, str, str], before: str = "Some text.\n\n") -> str:
    return before + "\n".join(CELL.format(id=i, code=c, output=o) for i, c, o in cells)


def lesson(tmp_path: Path, en: str, ko: str | None = None, toml: str = TOML,
           slug: str = "a-lesson") -> Path:
    folder = tmp_path / slug
    folder.mkdir()
    (folder / "lesson.toml").write_text(toml, encoding="utf-8")
    (folder / "lesson.en.md").write_text(en, encoding="utf-8")
    if ko is not None:
        (folder / "lesson.ko.md").write_text(ko, encoding="utf-8")
    return folder


def problems(folder: Path) -> str:
    with pytest.raises(LessonError) as caught:
        load_lesson(folder)
    return "; ".join(caught.value.problems)


def test_the_first_lesson_loads_with_its_cells_in_both_languages():
    loaded = load_lesson(REPOSITORY / "lessons" / "attention-basics")
    assert loaded.order == 1 and loaded.track == "foundations"
    assert [c.id for c in loaded.cells("en")] == [c.id for c in loaded.cells("ko")]
    kinds = [block.kind for block in loaded.blocks("en")]
    assert {"markdown", "cell", "predict", "heatmap"} <= set(kinds)
    assert kinds.index("predict") < kinds.index("cell")  # predict first, then run
    assert loaded.cells("fr") == loaded.cells("en") and loaded.title("fr") == loaded.title("en")


def test_blocks_come_in_order_with_predict_question_and_answer(tmp_path):
    en = ("Intro with `code` and a plain block:\n\n```python\nprint('not a cell')\n```\n\n"
          f"{F}predict\nWhat is 1 + 1?\n---\nTwo.\n{F}\n\n"
          + CELL.format(id="one", code="print(1 + 1)", output="2")
          + f"\n{F}heatmap\n" + '{"tokens": ["a"], "Q": [[1]], "K": [[1]], "V": [[2]]}'
          + f"\n{F}\n")
    loaded = load_lesson(lesson(tmp_path, en))
    blocks = loaded.blocks("en")
    assert [b.kind for b in blocks] == ["markdown", "predict", "cell", "heatmap"]
    assert "print('not a cell')" in blocks[0].text
    assert (blocks[1].text, blocks[1].answer) == ("What is 1 + 1?", "Two.")
    assert blocks[2].cell.code == "print(1 + 1)" and blocks[2].cell.expected_output == "2"
    assert blocks[3].example["tokens"] == ["a"]


def test_a_cell_needs_its_output_block_right_after_it(tmp_path):
    folder = lesson(tmp_path, "```python cell=one\nprint(1)\n```\n\nText between.\n")
    assert "cell 'one' has no output block" in problems(folder)


def test_an_output_block_needs_a_cell(tmp_path):
    assert "follows no cell" in problems(lesson(tmp_path, "```output\n1\n```\n"))


def test_cell_ids_are_checked_and_unique(tmp_path):
    assert "must be unique" in problems(lesson(tmp_path, body(("a", "print(1)", "1"),
                                                              ("a", "print(1)", "1"))))
    bad = lesson(tmp_path, body(("Bad_Id", "print(1)", "1")), slug="other")
    assert "cell id 'Bad_Id'" in problems(bad)


def test_languages_have_the_same_cells_in_the_same_order_and_outputs(tmp_path):
    en = body(("a", "print(1)", "1"), ("b", "print(2)", "2"))
    swapped = lesson(tmp_path, en, body(("b", "print(2)", "2"), ("a", "print(1)", "1")))
    assert "lesson.ko.md: its cells must be English's" in problems(swapped)
    other = lesson(tmp_path, en, body(("a", "print(1)", "1"), ("b", "print(3)", "3")),
                   slug="other")
    assert "expected output must be the same" in problems(other)


def test_bounds_on_files_code_output_and_cells(tmp_path):
    big_code = "x = 1\n" * (MAX_CELL_CODE_BYTES // 6 + 1)
    assert "code over" in problems(lesson(tmp_path, body(("a", big_code, "1")), slug="l1"))
    big_out = "1\n" * (MAX_CELL_OUTPUT_BYTES // 2 + 1)
    assert "output over" in problems(lesson(tmp_path, body(("a", "print(1)", big_out)),
                                            slug="l2"))
    many = body(*[(f"c{i}", "print(1)", "1") for i in range(31)])
    assert "over 30 cells" in problems(lesson(tmp_path, many, slug="l3"))
    huge = "word " * (MAX_LESSON_BYTES // 5 + 1)
    assert f"over {MAX_LESSON_BYTES} bytes" in problems(lesson(tmp_path, huge, slug="l4"))


def test_metadata_is_checked(tmp_path):
    toml = TOML.replace('track = "internals"', 'track = "elsewhere"').replace("order = 3",
                                                                             "order = -1")
    found = problems(lesson(tmp_path, body(("a", "print(1)", "1")), toml=toml))
    assert "track must be one of" in found and "order must be" in found
    assert "lesson.toml" in problems(lesson(tmp_path, "text", toml="order = [", slug="l2"))


def test_no_level_one_heading_and_no_unclosed_fence(tmp_path):
    assert "no level-1 heading" in problems(lesson(tmp_path, "# Title\n\ntext\n"))
    assert "never closed" in problems(lesson(tmp_path, "```python\nx = 1\n", slug="l2"))


def test_predict_and_heatmap_blocks_are_checked(tmp_path):
    assert "a predict block needs" in problems(lesson(tmp_path, f"{F}predict\nNo answer\n{F}\n"))
    ragged = '{"tokens": ["a", "b"], "Q": [[1]], "K": [[1]], "V": [[2]]}'
    assert "a heatmap needs" in problems(lesson(tmp_path, f"{F}heatmap\n{ragged}\n{F}\n",
                                                slug="l2"))
    assert "must be JSON" in problems(lesson(tmp_path, f"{F}heatmap\nnot json\n{F}\n",
                                             slug="l3"))


def test_the_english_file_is_required(tmp_path):
    folder = lesson(tmp_path, "text")
    (folder / "lesson.en.md").unlink()
    assert "lesson.en.md is missing" in problems(folder)


def test_lessons_load_in_their_order(tmp_path):
    lesson(tmp_path, "text", slug="b-second", toml=TOML.replace("order = 3", "order = 2"))
    lesson(tmp_path, "text", slug="a-third")
    (tmp_path / "not-a-lesson").mkdir()
    assert [found.slug for found in load_lessons(tmp_path)] == ["b-second", "a-third"]


def test_outputs_compare_without_trailing_whitespace_and_blank_lines():
    assert same_output("a  \nb\n\n\n", "a\nb")
    assert not same_output("a\n\nb", "a\nb") and not same_output(" a", "a")


def test_the_repositorys_lessons_all_load(tmp_path):
    shutil.copytree(REPOSITORY / "lessons", tmp_path / "lessons")
    assert load_lessons(tmp_path / "lessons")
