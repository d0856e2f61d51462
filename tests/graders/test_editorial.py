"""Editorials in a challenge folder: editorial.<locale>.md, the sections Approach and Cost in
order, in every language of the statement, within 16 KiB; the catalog has one for each."""

from __future__ import annotations

from pathlib import Path

import pytest

from graders.authoring.scaffold import scaffold
from graders.bounds import MAX_EDITORIAL_BYTES
from graders.challenge.spec import ChallengeFormatError, ChallengeSpec, load_challenge, load_files
from graders.files.rules import check_files
from graders.locales import content_locales, editorial_file
from graders.problems import ChallengeProblems

CHALLENGES = Path(__file__).resolve().parents[2] / "challenges"
EN = "## Approach\n\nKeep the largest value so far.\n\n## Cost\n\n$O(n)$ time.\n"
KO = "## 접근\n\n지금까지의 최댓값을 기억합니다.\n\n## 비용\n\n$O(n)$.\n"


def _load(files: dict[str, str]) -> ChallengeSpec:
    return load_files(check_files({path: text.encode() for path, text in files.items()}))


def _problems(files: dict[str, str]) -> list[tuple[str | None, int | None, str]]:
    with pytest.raises(ChallengeFormatError) as refused:
        _load(files)
    return [(p.file, p.line, p.message) for p in refused.value.problems]


def test_an_editorial_in_each_language_is_read_into_the_spec(tiny_valid_files):
    spec = _load({**tiny_valid_files, "editorial.en.md": EN, "editorial.ko.md": KO})
    assert spec.editorial == {"en": EN, "ko": KO}
    assert ChallengeSpec.from_json(spec.to_json()) == spec


def test_an_editorial_is_optional_for_an_authored_challenge(tiny_valid_files):
    assert _load(tiny_valid_files).editorial == {}


def test_a_spec_stored_before_editorials_reads_back_without_one(tiny_valid_files):
    stored = _load(tiny_valid_files).to_json()
    del stored["editorial"]
    assert ChallengeSpec.from_json(stored).editorial == {}


def test_an_editorial_in_one_language_only_names_the_missing_file(tiny_valid_files):
    [(file, _, message)] = _problems({**tiny_valid_files, "editorial.en.md": EN})
    assert file == "editorial.ko.md"
    assert "missing" in message and "every language the statement is" in message


def test_misordered_headings_are_named_with_their_line(tiny_valid_files):
    swapped = "## Cost\n\n$O(n)$.\n\n## Approach\n\nKeep the largest.\n"
    [(file, line, message)] = _problems({**tiny_valid_files, "editorial.en.md": swapped,
                                         "editorial.ko.md": KO})
    assert (file, line) == ("editorial.en.md", 1)
    assert "'## Cost'" in message and "'## Approach' then '## Cost'" in message


def test_a_missing_section_and_an_extra_one_are_problems(tiny_valid_files):
    only = "Intro.\n\n## 접근\n\n지금까지의 최댓값.\n"
    extra = EN + "\n## Common bugs\n\nThe platform shows them.\n"
    problems = _problems({**tiny_valid_files, "editorial.en.md": extra, "editorial.ko.md": only})
    assert [(f, line) for f, line, _ in problems] == [("editorial.en.md", 9),
                                                      ("editorial.ko.md", 3)]
    assert "'## 비용' is missing" in problems[1][2]


def test_english_headings_in_the_korean_editorial_are_refused(tiny_valid_files):
    [(file, line, _)] = _problems({**tiny_valid_files, "editorial.en.md": EN,
                                   "editorial.ko.md": EN})
    assert (file, line) == ("editorial.ko.md", 1)


def test_headings_inside_fenced_code_do_not_count(tiny_valid_files):
    fenced = EN.replace("## Cost", "```\n## Cost in a code block\n```\n\n## Cost")
    assert _load({**tiny_valid_files, "editorial.en.md": fenced,
                  "editorial.ko.md": KO}).editorial["en"] == fenced


def test_an_editorial_over_its_bound_is_refused(tiny_valid_files):
    large = EN + "x" * MAX_EDITORIAL_BYTES
    [(file, _, message)] = _problems({**tiny_valid_files, "editorial.en.md": large,
                                      "editorial.ko.md": KO})
    assert file == "editorial.en.md" and "16384 bytes (16 KiB)" in message


def test_an_editorial_in_a_language_without_a_statement_is_refused(tiny_valid_files):
    english_only = {k: v for k, v in tiny_valid_files.items() if k != "statement.ko.md"}
    [(file, _, message)] = _problems({**english_only, "editorial.en.md": EN,
                                      "editorial.ko.md": KO})
    assert file == "editorial.ko.md" and "statement is not written in" in message


def test_only_content_languages_may_have_an_editorial(tiny_valid_files):
    with pytest.raises(ChallengeProblems) as refused:
        check_files({"challenge.toml": b"", "editorial.xx.md": EN.encode()})
    assert [p.file for p in refused.value.problems] == ["editorial.xx.md"]
    assert "editorial.en.md" in refused.value.problems[0].message


def test_a_new_challenge_has_editorial_stubs_that_load(tmp_path):
    written = scaffold(tmp_path / "row-max", "row-max", "row_max")
    assert {editorial_file(loc) for loc in content_locales()} <= {p.name for p in written}
    spec = load_challenge(tmp_path / "row-max")
    assert set(spec.editorial) == set(content_locales())
    assert spec.editorial["ko"].startswith("## 접근")


def test_every_catalog_challenge_has_its_editorial_in_every_language():
    missing = [f"{folder.name}/{editorial_file(loc)}" for folder in sorted(CHALLENGES.iterdir())
               if folder.is_dir() and not folder.name.startswith((".", "_"))
               for loc in content_locales() if not (folder / editorial_file(loc)).is_file()]
    assert not missing, f"no editorial: {missing}"
