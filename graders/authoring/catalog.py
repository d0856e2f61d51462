"""The catalog page (docs/catalog.md), generated from the challenge folders and their cases."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from graders.challenge.spec import ChallengeSpec, tracks_of
from graders.grading.prepare import generate_cases
from graders.locales import translated_locales
from graders.sandbox.base import Sandbox

PREAMBLE = """# Challenge catalog

Generated from the challenge folders by `arena challenges catalog -o docs/catalog.md`: do not
edit it by hand; run that command again when a challenge is added or its cases or mutants
change. *public*: examples shown in full; *hidden*: cases that show only pass or fail;
*with checks*: cases that carry checks (causality, permutation, ...); *mutants*: known-wrong
solutions that the hidden cases must catch and name (docs/authoring.md).
"""


def _header() -> str:
    """Return the table's head: a title column per language."""
    titles = "".join(f" title ({locale}) |" for locale in translated_locales())
    return (f"| # | slug | title |{titles} difficulty | entry point | public | hidden "
            f"| with checks | mutants |\n|---:|---|---|{'---|' * len(translated_locales())}"
            "---|---|---:|---:|---:|---:|")


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _row(spec: ChallengeSpec, cases: list[dict]) -> str:
    public = sum(c["public"] for c in cases)
    checked = sum(bool(c.get("checks")) for c in cases)
    cells = (str(spec.order), f"`{spec.slug}`", _cell(spec.title["en"]),
             *(_cell(spec.title.get(locale, "")) for locale in translated_locales()),
             spec.difficulty, f"`{spec.entry_point}`",
             str(public), str(len(cases) - public), str(checked), str(len(spec.mutants)))
    return "| " + " | ".join(cells) + " |"


def catalog_markdown(specs: list[ChallengeSpec], sandbox: Sandbox) -> str:
    """Return the Markdown catalog: one table per track, in track order, then the totals."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        cases = dict(zip([s.slug for s in specs],
                         pool.map(lambda s: generate_cases(s, sandbox), specs), strict=True))
    parts = [PREAMBLE]
    for track in sorted(tracks_of(specs).values(), key=lambda t: (t.order, t.name)):
        rows = "\n".join(_row(s, cases[s.slug]) for s in specs if s.track == track.name)
        parts.append(f"## {track.title['en']}\n\n{_header()}\n{rows}\n")
    hidden = sum(not c["public"] for found in cases.values() for c in found)
    mutants = sum(len(s.mutants) for s in specs)
    parts.append(f"In all: {len(specs)} challenges, {hidden} hidden cases, {mutants} mutants.\n")
    return "\n".join(parts)
