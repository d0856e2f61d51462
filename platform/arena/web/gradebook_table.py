"""The gradebook table's body, written in Python rather than in the template.

A course of 500 students and 30 challenges has 15,000 cells; Jinja escapes and looks up every
expression of every cell, and that alone took longer than the page's whole budget. Here each
text is escaped once (per column, per row, per verdict) and a cell is one f-string. The
markup is the template's contract (courses/course.html, frontend/src/gradebook.js):

    <tr data-student="sam" data-total="1.8"><th scope="row">sam <small>Sam Lee</small></th>
      <td data-challenge="softmax" data-verdict="accepted" data-late="true" data-points="0.8">
        <span class="points">0.8</span> <a href="/submissions?course=1&amp;student=sam&amp;
        challenge=softmax">Accepted</a> <span class="late">late</span><br><small>3 attempts ·
        <time datetime="2026-12-01T13:59:00Z">2026-12-01 13:59 UTC</time></small></td>
      <td data-challenge="scaled-scores" data-verdict="" data-points="0"></td>   (no attempt)
      <td class="score" data-assignment="4">0.8</td>   (one per assignment)
      <td class="total">1.8</td></tr>
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from urllib.parse import quote

from markupsafe import Markup

from arena.services.gradebook import Gradebook
from arena.services.grades import number
from arena.web.times import time_element


def gradebook_rows(book: Gradebook, link: str, names: Mapping[str, str],
                   tries: Mapping[int, str], late: str) -> Markup:
    """Return the <tr> of each student: `link` is the submissions list's URL up to the
    student's name, `names` the verdicts' labels, `tries` "n attempts" by n, `late` the mark."""
    columns = [(slug, escape(slug), escape(quote(slug, safe=""))) for slug in book.challenges]
    shown = {code: (escape(code), escape(str(text))) for code, text in names.items()}
    counted = {n: escape(str(text)) for n, text in tries.items()}
    marks = {True: ("true", f' <span class="late">{escape(late)}</span>'), False: ("false", "")}
    rows = []
    for row in book.rows:
        name = escape(row.username)
        query = escape(f"{link}{quote(row.username, safe='')}&challenge=")
        known = f" <small>{escape(row.display_name)}</small>" if row.display_name else ""
        parts = [f'<tr data-student="{name}" data-total="{number(row.total)}">'
                 f'<th scope="row">{name}{known}</th>']
        for slug, attr, tail in columns:
            cell = row.cells[slug]
            if not cell.attempts:
                parts.append(f'<td data-challenge="{attr}" data-verdict="" data-points="0"></td>')
                continue
            code, text = shown.get(cell.verdict) or (escape(cell.verdict or ""),) * 2
            late_attr, late_mark = marks[cell.late]
            accepted = (f" · {time_element(cell.first_accepted_at)}" if cell.first_accepted_at
                        else "")
            points = number(cell.points)
            parts.append(
                f'<td data-challenge="{attr}" data-verdict="{code}" data-late="{late_attr}" '
                f'data-points="{points}"><span class="points">{points}</span> '
                f'<a href="{query}{tail}">{text}</a>{late_mark}'
                f'<br><small>{counted[cell.attempts]}{accepted}</small></td>')
        parts.extend(f'<td class="score" data-assignment="{a.id}">{number(row.scores[a.id])}'
                     '</td>' for a in book.assignments)
        parts.append(f'<td class="total">{number(row.total)}</td></tr>')
        rows.append("".join(parts))
    return Markup("\n".join(rows))
