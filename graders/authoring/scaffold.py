"""`arena challenges new SLUG`: a challenge folder whose every file says what it must hold.

The folder passes the structure checks (it loads as a spec); `validate` then fails until the
author has written a reference, real cases and a mutant that the cases catch.
"""

from __future__ import annotations

from pathlib import Path

from graders.challenge.editorial import headings_of
from graders.challenge.spec import SLUG
from graders.locales import content_locales, editorial_file, statement_file, translated_locales

#: The entry point a template names until its author says (the authoring page's new challenge).
TEMPLATE_ENTRY_POINT = "solve"

TOML = '''slug = "{slug}"
entry_point = "{entry}"          # the function learners write
difficulty = "easy"              # easy, medium or hard
track = "foundations"            # a track's name; a new name makes a new track
order = 99                       # its place in the track, 1 first
tags = []
time_limit = 10.0                # seconds for all cases, Python's start-up included
memory_mb = 512
rtol = 1e-5
atol = 1e-6
properties = []                  # e.g. ["rows_sum_to_one", "finite"] (docs/authoring.md)

[title]
en = "TODO: the title"
{titles}
[hints]                          # mildest first, the same number in every language
en = ["TODO: a first hint"]
{hints}
[mutants.todo_bug]               # one table per file in mutants/: what the bug is, to a learner
en = "TODO: your output matches ... because ..."
{explanations}'''

STATEMENT_EN = '''# TODO: the title

Write `{entry}(...)`: say what it takes and returns, with shapes by name, and the conventions
a careful learner could get wrong. Math goes in `$...$` or `$$...$$`.
'''

STATEMENT_TRANSLATED = '''# TODO: the title in {locale}

TODO: the English statement, in {locale}.
'''

STARTER = '''def {entry}(x):
    """TODO: what it takes and returns. Replace this placeholder with your implementation."""
    return 0.0
'''

REFERENCE = '''def {entry}(x):
    """TODO: the model answer; its outputs become the expected outputs."""
    raise NotImplementedError("write the reference")
'''

CASES = '''"""The cases of {slug}: public examples first, then hidden cases catching the mutants."""


def cases():
    """Return every case: a name in each language, the arguments, public=True for examples."""
    return [
        {{"name": {{"en": "TODO a public example"{public}}},
          "args": [1.0], "public": True}},
        {{"name": {{"en": "TODO a hidden case"{hidden}}},
          "args": [2.0]}},
    ]
'''

EDITORIAL = '''## {approach}

TODO ({locale}): the idea of a solution, step by step, and why it is right. Math goes in `$...$`.

## {cost}

TODO ({locale}): the time and memory it takes, by the shapes' names (e.g. $O(n^2 d)$).
'''
"""An editorial stub; the learner sees it after solving (the common bugs come from the mutants).
"""

MUTANT = '''def {entry}(x):
    """TODO: the reference with one learner's bug; a hidden case must catch it."""
    raise NotImplementedError("write the mutant")
'''


def scaffold(folder: Path, slug: str, entry_point: str) -> list[Path]:
    """Write a new challenge folder at `folder`; return the files written."""
    if not SLUG.fullmatch(slug):
        raise ValueError(f"{slug!r}: a slug is lowercase letters, digits and dashes")
    if not entry_point.isidentifier():
        raise ValueError(f"{entry_point!r} is not a Python identifier")
    folder.mkdir(parents=True, exist_ok=False)
    (folder / "mutants").mkdir()
    written = []
    for name, text in template_files(slug, entry_point).items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def template_files(slug: str, entry_point: str = TEMPLATE_ENTRY_POINT) -> dict[str, str]:
    """Return a new challenge's files by path, as `arena challenges new` writes them and the
    authoring page's new challenge starts (its slug left to the author: "" there)."""
    return {"challenge.toml": TOML.format(slug=slug, entry=entry_point, **_translated_toml()),
            "statement.en.md": STATEMENT_EN.format(entry=entry_point),
            **{statement_file(locale): STATEMENT_TRANSLATED.format(locale=locale)
               for locale in translated_locales()},
            "starter.py": STARTER.format(entry=entry_point),
            "reference.py": REFERENCE.format(entry=entry_point),
            "cases.py": CASES.format(slug=slug or "this challenge", **_translated_names()),
            "mutants/todo_bug.py": MUTANT.format(entry=entry_point),
            **{editorial_file(locale): _editorial(locale) for locale in content_locales()}}


def _translated_toml() -> dict[str, str]:
    """Return challenge.toml's lines for each language but English, by table."""
    lines = {"titles": '{0} = "TODO: the title in {0}"\n',
             "hints": '{0} = ["TODO: the first hint in {0}"]\n',
             "explanations": '{0} = "TODO: the bug, in {0}"\n'}
    return {table: "".join(line.format(locale) for locale in translated_locales())
            for table, line in lines.items()}


def _translated_names() -> dict[str, str]:
    """Return the cases' name entries for each language but English."""
    return {case: "".join(f', "{locale}": "TODO {words} in {locale}"'
                          for locale in translated_locales())
            for case, words in (("public", "a public example"), ("hidden", "a hidden case"))}


def _editorial(locale: str) -> str:
    """Return an editorial stub in `locale`, with the headings that language's editorial holds."""
    approach, cost = headings_of(locale)
    return EDITORIAL.format(approach=approach, cost=cost, locale=locale)
