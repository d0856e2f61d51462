"""A challenge's editorial: `editorial.<locale>.md`, the approach and its cost, hand-written.

The common bugs are not written there: the platform shows them from the challenge's named
mutants (their explanations in challenge.toml), so that each fact lives in one place. An
editorial is optional for a challenge (the repository's catalog requires one, tests say so);
where there is one, it is in every language the statement is, each file within
`MAX_EDITORIAL_BYTES` and holding its two level-2 sections in order.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

from graders.bounds import MAX_EDITORIAL_BYTES
from graders.locales import DEFAULT_LOCALE, editorial_file, translations_folder
from graders.problems import Problem


def N_(text: str) -> str:  # noqa: N802 - the marker pybabel extracts (platform/arena/babel.cfg)
    """Mark `text` for the catalogs; it is translated where it is read (headings_of)."""
    return text


#: The level-2 headings an editorial holds, in this order, in English; each language's are
#: their translations in its interface catalog (English where the catalog has none).
HEADINGS = (N_("Approach"), N_("Cost"))

_HEADING = re.compile(r"^ {0,3}##[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


def headings_of(locale: str) -> tuple[str, ...]:
    """Return the headings an editorial in `locale` holds, in order: the English ones as its
    catalog translates them."""
    po = translations_folder() / locale / "LC_MESSAGES" / "messages.po"
    if locale == DEFAULT_LOCALE or not po.is_file():
        return HEADINGS
    return _translated(po, locale)


@cache
def _translated(po: Path, locale: str) -> tuple[str, ...]:
    """Return the headings as the catalog `po` translates them (English where it does not)."""
    with po.open("rb") as file:
        catalog = read_po(file, locale=locale)
    return tuple((catalog.get(heading) and catalog.get(heading).string) or heading
                 for heading in HEADINGS)


def level_two_headings(text: str) -> list[tuple[int, str]]:
    """Return each level-2 heading of Markdown `text` with its line, fenced code left out."""
    found, fence = [], None
    for number, line in enumerate(text.splitlines(), 1):
        opening = _FENCE.match(line)
        if fence:
            if opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= len(fence):
                fence = None
        elif opening:
            fence = opening.group(1)
        elif match := _HEADING.match(line):
            found.append((number, match.group(1).strip()))
    return found


def editorial_problems(locale: str, data: bytes) -> list[Problem]:
    """Return what is wrong with one editorial file (its size and its headings)."""
    path = editorial_file(locale)
    if len(data) > MAX_EDITORIAL_BYTES:
        return [Problem(f"is larger than {MAX_EDITORIAL_BYTES} bytes (16 KiB), the most an "
                        "editorial may hold", path)]
    expected = headings_of(locale)
    found = level_two_headings(data.decode("utf-8"))
    names = [name for _, name in found]
    if names == list(expected):
        return []
    shown = " then ".join(f"'## {name}'" for name in expected)
    for index, (line, name) in enumerate(found):
        if index >= len(expected) or name != expected[index]:
            return [Problem(f"found '## {name}' where {shown} were expected, in this order "
                            "(an editorial holds those two sections, nothing else at level 2)",
                            path, line)]
    missing = expected[len(found)]
    return [Problem(f"'## {missing}' is missing; an editorial holds {shown}, in this order",
                    path, found[-1][0] if found else 1)]


def read_editorials(files: dict[str, bytes],
                    locales: tuple[str, ...]) -> tuple[dict[str, str], list[Problem]]:
    """Return the editorial by locale of a challenge written in `locales` (its statements'),
    and the problems: a file past the bound or with the wrong headings, or one language
    without the editorial that another has."""
    present = {loc: files[editorial_file(loc)] for loc in locales if editorial_file(loc) in files}
    problems = [p for loc, data in present.items() for p in editorial_problems(loc, data)]
    if present:
        problems.extend(
            Problem(f"this file is missing: the editorial is written in "
                    f"{', '.join(sorted(present))}, so it must be in every language the "
                    "statement is", editorial_file(loc))
            for loc in locales if loc not in present)
    strays = sorted(name for name in files if name.startswith("editorial.")
                    and name not in {editorial_file(loc) for loc in locales})
    problems.extend(Problem("an editorial in a language the statement is not written in; "
                            "write that statement too, or remove this file", name)
                    for name in strays)
    return {loc: data.decode("utf-8") for loc, data in present.items()}, problems
