"""The gradebook as CSV, in three layouts (docs/grades.md says what each importer expects):

- `arena`: username, name, e-mail, student number, each challenge's points, each
  assignment's score, the total;
- `canvas`: Canvas's gradebook import: `Student,ID,SIS User ID,SIS Login ID,Section`, then a
  column per assignment titled `<title> (<id>)`;
- `moodle`: Moodle's grade import: the e-mail (mapped to the user's e-mail address), the
  username and the ID number as identifiers, then a column per assignment (a grade item).

Every text a learner controls goes through `spreadsheet_safe`.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterator
from enum import StrEnum

from arena.models import Assignment
from arena.services.gradebook import Gradebook, Row
from arena.services.grades import number

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


class Layout(StrEnum):
    """Which importer a CSV is laid out for."""

    ARENA = "arena"
    CANVAS = "canvas"
    MOODLE = "moodle"


def spreadsheet_safe(text: str | None) -> str:
    """Keep a spreadsheet from reading a learner's text as a formula (=, +, -, @ first)."""
    text = text or ""
    return "'" + text if text[:1] in FORMULA_STARTS else text


def assignment_column(assignment: Assignment) -> str:
    """An assignment's column title: its title and, in parentheses, its id."""
    return spreadsheet_safe(f"{assignment.title} ({assignment.id})")


def _arena(book: Gradebook) -> Iterator[list[str]]:
    yield ["username", "name", "email", "student_number", *book.challenges,
           *(assignment_column(a) for a in book.assignments), "total"]
    for row in book.rows:
        yield [*_names(row), *(number(row.cells[slug].points) for slug in book.challenges),
               *_scores(book, row), number(row.total)]


def _names(row: Row) -> list[str]:
    return [spreadsheet_safe(text) for text in (row.username, row.display_name, row.email,
                                                row.student_number)]


def _scores(book: Gradebook, row: Row) -> list[str]:
    return [number(row.scores[a.id]) for a in book.assignments]


def _canvas(book: Gradebook) -> Iterator[list[str]]:
    yield ["Student", "ID", "SIS User ID", "SIS Login ID", "Section",
           *(assignment_column(a) for a in book.assignments)]
    for row in book.rows:
        yield [spreadsheet_safe(row.display_name or row.username), "",
               spreadsheet_safe(row.student_number), spreadsheet_safe(row.email), "",
               *_scores(book, row)]


def _moodle(book: Gradebook) -> Iterator[list[str]]:
    yield ["Email address", "Username", "ID number", "Full name",
           *(assignment_column(a) for a in book.assignments)]
    for row in book.rows:
        yield [spreadsheet_safe(row.email), spreadsheet_safe(row.username),
               spreadsheet_safe(row.student_number),
               spreadsheet_safe(row.display_name or row.username), *_scores(book, row)]


LAYOUTS: dict[Layout, Callable[[Gradebook], Iterator[list[str]]]] = {
    Layout.ARENA: _arena, Layout.CANVAS: _canvas, Layout.MOODLE: _moodle}


def as_csv(book: Gradebook, layout: Layout = Layout.ARENA) -> str:
    """Return the gradebook as CSV in `layout`: a header, then a row per student."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(LAYOUTS[layout](book))
    return out.getvalue()
