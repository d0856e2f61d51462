"""The gradebook table's body, written in Python rather than in the template.

A course of 500 students and 30 challenges has 15,000 cells; Jinja escapes and looks up every
expression of every cell, and that alone took longer than the page's whole budget. Here each
text is escaped once (per column, per row, per verdict) and a cell is one f-string. The
markup is the template's contract (courses/course.html, frontend/src/gradebook.js):

    <tr data-student="sam" data-total="1"><th scope="row">sam</th>
      <td data-challenge="softmax" data-verdict="accepted" data-late="true"><a href="/submissions
        ?course=1&amp;student=sam&amp;challenge=softmax">Accepted</a> <span class="late">late
        </span><br><small>3 attempts · <time datetime="2026-12-01T13:59:00Z">2026-12-01 13:59
        UTC</time></small></td>
      <td data-challenge="scaled-scores" data-verdict=""></td>   (no attempt)
      <td class="total">1</td></tr>
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from html import escape
from urllib.parse import quote

from markupsafe import Markup

from arena.services.gradebook import Cell, Gradebook
from arena.web.times import utc_iso, utc_text
from graders import Verdict


def _time(at: datetime) -> str:
    """Return a <time> in UTC, which frontend/src/times.js shows in the reader's zone."""
    return f'<time datetime="{utc_iso(at)}">{utc_text(at)}</time>'


def solved(cells: Mapping[str, Cell]) -> int:
    """Return how many challenges a row has accepted (late ones too, as the CSV counts)."""
    return sum(cell.verdict == Verdict.ACCEPTED for cell in cells.values())


def gradebook_rows(book: Gradebook, link: str, names: Mapping[str, str],
                   tries: Mapping[int, str], late: str) -> Markup:
    """Return the <tr> of each student: `link` is the submissions list's URL up to the
    student's name, `names` the verdicts' labels, `tries` "n attempts" by n, `late` the mark."""
    columns = [(slug, escape(slug), escape(quote(slug, safe=""))) for slug in book.challenges]
    shown = {code: escape(str(text)) for code, text in names.items()}
    counted = {n: escape(str(text)) for n, text in tries.items()}
    late_mark = f' <span class="late">{escape(late)}</span>'
    rows = []
    for username, cells in book.rows:
        name = escape(username)
        query = escape(f"{link}{quote(username, safe='')}&challenge=")
        total = solved(cells)
        parts = [f'<tr data-student="{name}" data-total="{total}"><th scope="row">{name}</th>']
        for slug, attr, tail in columns:
            cell = cells[slug]
            if not cell.attempts:
                parts.append(f'<td data-challenge="{attr}" data-verdict=""></td>')
                continue
            verdict = cell.verdict or ""
            accepted = (f" · {_time(cell.first_accepted_at)}" if cell.first_accepted_at
                        else "")
            parts.append(
                f'<td data-challenge="{attr}" data-verdict="{escape(verdict)}" data-late='
                f'"{"true" if cell.late else "false"}"><a href="{query}{tail}">'
                f'{shown.get(verdict) or escape(verdict)}</a>{late_mark if cell.late else ""}'
                f'<br><small>{counted[cell.attempts]}{accepted}</small></td>')
        parts.append(f'<td class="total">{total}</td></tr>')
        rows.append("".join(parts))
    return Markup("\n".join(rows))
