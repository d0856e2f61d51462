"""Lessons: read from the lessons folder (ARENA_LESSONS_DIR) and kept until a file changes;
cell runs validated and stored as queued jobs, read back by their token.

The folder is the repository's, read as challenges are (graders.lessons.content checks every
rule); a broken lesson is logged and left out, never a 500 of every page.
"""

from __future__ import annotations

import logging
import secrets
import threading
from pathlib import Path

from flask import current_app
from sqlalchemy import select

from arena.bounds import unstorable
from arena.errors import NotFound, Unprocessable
from arena.extensions import db
from arena.models import CellRun, User
from graders.bounds import MAX_CELL_CODE_BYTES
from graders.lessons.content import Lesson, LessonError, load_lesson

log = logging.getLogger(__name__)
_lock = threading.Lock()
_cache: dict[str, tuple[tuple, list[Lesson]]] = {}  # by folder: its files' stamps, lessons


def _stamps(root: Path) -> tuple:
    """Name, size and modification time of every lesson file: a change reloads."""
    return tuple(sorted((str(path), stat.st_size, stat.st_mtime_ns)
                        for path in root.glob("*/lesson*")
                        for stat in (path.stat(),)))


def list_lessons(root: Path | None = None) -> list[Lesson]:
    """Return the lessons that load, in order (a broken one is logged and left out)."""
    root = Path(root or current_app.config["LESSONS_DIR"])
    stamps = _stamps(root) if root.is_dir() else ()
    with _lock:
        cached = _cache.get(str(root))
        if cached is not None and cached[0] == stamps:
            return cached[1]
    lessons = []
    for folder in sorted(root.iterdir()) if root.is_dir() else []:
        if not (folder / "lesson.toml").is_file():
            continue
        try:
            lessons.append(load_lesson(folder))
        except LessonError as exc:
            log.error("%s", exc)
    lessons.sort(key=lambda lesson: (lesson.order, lesson.slug))
    with _lock:
        _cache[str(root)] = (stamps, lessons)
    return lessons


def get_lesson(slug: str) -> Lesson:
    """Return one lesson, or raise NotFound."""
    found = next((lesson for lesson in list_lessons() if lesson.slug == slug), None)
    if found is None:
        raise NotFound(f"no lesson called {slug!r}")
    return found


def neighbours(slug: str) -> tuple[Lesson | None, Lesson | None]:
    """Return the lessons before and after this one, if any."""
    lessons = list_lessons()
    index = next(i for i, lesson in enumerate(lessons) if lesson.slug == slug)
    return (lessons[index - 1] if index else None,
            lessons[index + 1] if index + 1 < len(lessons) else None)


def validate_cell_code(code: str) -> None:
    """Refuse cell code that is empty, not storable text, or over MAX_CELL_CODE_BYTES (422)."""
    reason = unstorable(code)
    if reason:
        raise Unprocessable(f"code: {reason}")
    size = len(code.encode("utf-8"))
    if size > MAX_CELL_CODE_BYTES:
        raise Unprocessable(f"code: {size} bytes is over a cell's limit of "
                            f"{MAX_CELL_CODE_BYTES} bytes")
    if not code.strip():
        raise Unprocessable("code: is empty")


def create_cell_run(user: User | None, slug: str, cell_id: str, code: str) -> CellRun:
    """Validate the code and store it as a queued run of a lesson's cell (404: no such
    lesson or cell)."""
    lesson = get_lesson(slug)
    if lesson.cell(cell_id) is None:
        raise NotFound(f"lesson {slug!r} has no cell called {cell_id!r}")
    validate_cell_code(code)
    run = CellRun(token=secrets.token_urlsafe(32), user_id=user.id if user else None,
                  lesson=slug, cell=cell_id, code=code)
    db.session.add(run)
    db.session.commit()
    return run


def get_cell_run(token: str) -> CellRun:
    """Return the cell run of this token, or raise NotFound."""
    run = db.session.scalar(select(CellRun).where(CellRun.token == token))
    if run is None:
        raise NotFound("no such cell run")
    return run
