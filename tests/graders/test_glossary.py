"""The Korean glossary: a variant is reported with its file and line, the page cannot drift
from the data, and every challenge and lesson of the repository follows it."""

from pathlib import Path

import pytest

from graders.files.glossary import (
    Term,
    folder_problems,
    glossary_markdown,
    glossary_problems,
    load_glossary,
)
from graders.problems import Problem

ROOT = Path(__file__).resolve().parents[2]
CAUSAL = Term("causal mask", "인과적 마스크", ("인과 마스크",))
VALUE = Term("value", "밸류", ("키와 값", "키/값"))


def test_a_variant_is_reported_with_its_file_and_line() -> None:
    files = {"statement.ko.md": "# 제목\n\n인과 마스크를 씁니다.\n",
             "challenge.toml": '[hints]\nko = ["인과적 마스크", "키/값 헤드"]\n'}
    problems = glossary_problems(files, (CAUSAL, VALUE))
    assert [(p.file, p.line) for p in problems] == [("challenge.toml", 2),
                                                     ("statement.ko.md", 3)]
    assert "'키/값'" in problems[0].message and "'밸류'" in problems[0].message


def test_a_variant_split_by_a_line_break_is_reported_on_its_first_line() -> None:
    files = {"editorial.ko.md": "캐시에 보관한 키와\n  값을 다시 씁니다.\n"}
    assert glossary_problems(files, (VALUE,)) == [Problem(
        "'키와 값': the glossary's Korean for 'value' is '밸류' (docs/glossary.md)",
        "editorial.ko.md", 1)]


def test_two_variants_of_one_term_on_a_line_are_one_problem() -> None:
    problems = glossary_problems({"lesson.ko.md": "키와 값, 그리고 키/값 헤드"}, (VALUE,))
    assert len(problems) == 1 and "'키와 값' and '키/값'" in problems[0].message


@pytest.mark.parametrize("name", ["statement.en.md", "reference.py", "mutants/m.py"])
def test_files_without_korean_text_are_not_read(name: str) -> None:
    assert glossary_problems({name: "인과 마스크"}, (CAUSAL,)) == []


def test_the_glossary_is_consistent() -> None:
    terms = load_glossary()
    assert len({t.english for t in terms}) == len(terms), "an English term twice"
    variants = [v for t in terms for v in t.avoid]
    assert len(set(variants)) == len(variants), "a variant under two terms"
    for term in terms:
        assert not [v for v in term.avoid if v in term.korean + term.note], term.english


def test_the_glossary_page_is_generated_from_the_data() -> None:
    page = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    assert page == glossary_markdown(load_glossary()), (
        "docs/glossary.md is stale: run `python -m graders.files.glossary docs/glossary.md`")


@pytest.mark.parametrize("folder", sorted(
    p for root in ("challenges", "lessons") for p in (ROOT / root).iterdir() if p.is_dir()),
    ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_challenge_and_lesson_uses_the_glossary(folder: Path) -> None:
    problems = folder_problems(folder, load_glossary())
    assert not problems, "\n".join(map(str, problems))


def test_a_folder_on_disk_is_read_for_its_korean_files(tmp_path: Path) -> None:
    (tmp_path / "lesson.ko.md").write_text("캐시에는 키/값 쌍이 있습니다.\n", encoding="utf-8")
    (tmp_path / "lesson.en.md").write_text("키/값\n", encoding="utf-8")
    assert [(p.file, p.line) for p in folder_problems(tmp_path, (VALUE,))] == [
        ("lesson.ko.md", 1)]
