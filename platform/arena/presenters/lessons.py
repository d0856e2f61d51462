"""How lessons and cell runs are shown: one presenter for the API and the pages alike."""

from __future__ import annotations

from typing import Any

from flask import url_for

from arena.models import CellRun, Challenge
from arena.presenters.challenges import challenge_title
from arena.services.lessons import list_lessons
from graders.lessons.content import Lesson, same_output
from graders.verdicts import Status


def lesson_summary(lesson: Lesson, lang: str) -> dict[str, Any]:
    """A lesson as listed: slug, title in `lang` (English where missing), track, challenges."""
    return {"slug": lesson.slug, "title": lesson.title(lang), "order": lesson.order,
            "track": lesson.track, "challenges": list(lesson.challenges),
            "language": lesson.language(lang)}


def lesson_detail(lesson: Lesson, lang: str) -> dict[str, Any]:
    """A lesson with its cells in `lang` (English where the lesson is not written in it)."""
    return {**lesson_summary(lesson, lang),
            "cells": [{"id": cell.id, "code": cell.code, "expected_output": cell.expected_output}
                      for cell in lesson.cells(lang)]}


def cell_run_url(run: CellRun) -> str:
    """Where a cell run is polled: its token is the only way to it."""
    return url_for("api.lessons.cell_run_view", token=run.token)


def _expected(run: CellRun) -> str | None:
    lesson = next((lesson for lesson in list_lessons() if lesson.slug == run.lesson), None)
    cell = lesson.cell(run.cell) if lesson else None
    return cell.expected_output if cell else None


def present_cell_run(run: CellRun) -> dict[str, Any]:
    """A cell run: its status and, once done, what it printed and whether that is the cell's
    expected output (`matches`)."""
    body: dict[str, Any] = {"id": run.token, "lesson": run.lesson, "cell": run.cell,
                            "status": str(run.status), "url": cell_run_url(run)}
    if run.status == Status.DONE and run.result is not None:
        expected = _expected(run)
        body.update(run.result)
        body["matches"] = (expected is not None and not run.result.get("limit")
                           and not run.result.get("error_type")
                           and same_output(run.result.get("stdout", ""), expected))
    return body


def lesson_page(lesson: Lesson, lang: str, challenges: list[Challenge]) -> dict[str, Any]:
    """A lesson as its pages show it: its summary, and the challenges it links to that the
    catalog holds (slug, title in `lang`), in the lesson's order."""
    by_slug = {challenge.slug: challenge for challenge in challenges}
    return {**lesson_summary(lesson, lang),
            "linked": [{"slug": slug, "title": challenge_title(by_slug[slug], lang)}
                       for slug in lesson.challenges if slug in by_slug]}
