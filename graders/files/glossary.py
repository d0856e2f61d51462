"""The Korean glossary (glossary.toml beside this file): one Korean term per English term, and
the variants a Korean text must not use, reported with file and line.

`python -m graders.files.glossary docs/glossary.md` writes the glossary's page.
"""

from __future__ import annotations

import sys
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from graders.problems import Problem

GLOSSARY = Path(__file__).with_name("glossary.toml")
#: The files of a challenge or lesson folder that hold Korean text (the TOML and cases.py
#: hold each text's `ko` beside its `en`).
KOREAN_FILES = frozenset({"statement.ko.md", "editorial.ko.md", "challenge.toml", "cases.py",
                          "lesson.ko.md", "lesson.toml"})


@dataclass(frozen=True)
class Term:
    """An English term, the Korean term for it, and the variants not to use."""

    english: str
    korean: str
    avoid: tuple[str, ...]
    note: str = ""


def load_glossary(path: Path = GLOSSARY) -> tuple[Term, ...]:
    """Read the glossary's terms, in the file's order."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return tuple(Term(t["en"], t["ko"], tuple(t["avoid"]), t.get("note", ""))
                 for t in data["term"])


def glossary_problems(files: Mapping[str, str], terms: tuple[Term, ...]) -> list[Problem]:
    """Report every line of a folder's Korean texts that uses a variant the glossary rejects,
    also one that a line break splits; `files` maps a file's name in the folder to its text."""
    problems = []
    for name in sorted(KOREAN_FILES & files.keys()):
        lines = files[name].splitlines()
        for number, line in enumerate(lines, 1):
            joined = " ".join([line, *(n.strip() for n in lines[number:number + 1])])
            for term in terms:
                used = [variant for variant in term.avoid if -1 < joined.find(variant) < len(line)]
                if used:
                    problems.append(Problem(
                        f"{' and '.join(map(repr, used))}: the glossary's Korean for "
                        f"{term.english!r} is {term.korean!r} (docs/glossary.md)", name, number))
    return problems


def folder_problems(folder: Path, terms: tuple[Term, ...]) -> list[Problem]:
    """Run `glossary_problems` over a challenge or lesson folder on disk."""
    return glossary_problems({name: (folder / name).read_text(encoding="utf-8")
                              for name in KOREAN_FILES if (folder / name).is_file()}, terms)


def glossary_markdown(terms: tuple[Term, ...]) -> str:
    """Render the glossary as the Markdown page docs/glossary.md."""
    lines = [
        "# Korean glossary",
        "",
        "Every Korean text of the catalog (statements, editorials, titles, hints, mutant",
        "explanations, case names and lessons) uses one Korean term for each English term below.",
        "Validating a challenge (`arena challenges validate`, or Validate in the API and the",
        "editor) and `arena lessons validate` report, with file and line, a text that uses a",
        "variant of the last column. This page is generated from",
        "`graders/files/glossary.toml`: edit that file, then run",
        "`python -m graders.files.glossary docs/glossary.md`.",
        "",
        "| English | Korean | not |",
        "|---|---|---|",
    ]
    for term in terms:
        korean = f"{term.korean} ({term.note})" if term.note else term.korean
        lines.append(f"| {term.english} | {korean} | {', '.join(term.avoid)} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    Path(sys.argv[1]).write_text(glossary_markdown(load_glossary()), encoding="utf-8")
