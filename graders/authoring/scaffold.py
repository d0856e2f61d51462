"""`arena challenges new SLUG`: a challenge folder whose every file says what it must hold.

The folder passes the structure checks (it loads as a spec); `validate` then fails until the
author has written a reference, real cases and a mutant that the cases catch.
"""

from __future__ import annotations

from pathlib import Path

from graders.challenge.spec import SLUG

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
ko = "TODO: 한국어 제목"

[hints]                          # mildest first, the same number in both languages
en = ["TODO: a first hint"]
ko = ["TODO: 첫 번째 힌트"]

[mutants.todo_bug]               # one table per file in mutants/: what the bug is, to a learner
en = "TODO: your output matches ... because ..."
ko = "TODO: 출력이 ... 와 같습니다. ..."
'''

STATEMENT_EN = '''# TODO: the title

Write `{entry}(...)`: say what it takes and returns, with shapes by name, and the conventions
a careful learner could get wrong. Math goes in `$...$` or `$$...$$`.
'''

STATEMENT_KO = '''# TODO: 제목

`{entry}(...)`를 작성하세요. 입력과 출력을 모양과 함께 설명하세요.
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
    """Return every case: a name (and name_ko), the arguments, and public=True for examples."""
    return [
        {{"name": "TODO a public example", "name_ko": "TODO 공개 예제", "args": [1.0],
          "public": True}},
        {{"name": "TODO a hidden case", "name_ko": "TODO 숨은 사례", "args": [2.0]}},
    ]
'''

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
    texts = {"challenge.toml": TOML, "statement.en.md": STATEMENT_EN,
             "statement.ko.md": STATEMENT_KO, "starter.py": STARTER, "reference.py": REFERENCE,
             "cases.py": CASES, "mutants/todo_bug.py": MUTANT}
    written = []
    for name, template in texts.items():
        path = folder / name
        path.write_text(template.format(slug=slug, entry=entry_point), encoding="utf-8")
        written.append(path)
    return written
