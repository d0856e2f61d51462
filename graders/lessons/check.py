"""Check lessons as CI does: every lesson folder loads (graders.lessons.content), links only
challenges that exist, uses the Korean glossary's terms, and every cell, in every language,
prints its expected output when run in the real sandbox (`arena lessons validate`,
tests/lessons)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from graders.files.glossary import folder_problems, load_glossary
from graders.lessons.content import LessonError, load_lesson, same_output
from graders.lessons.run import CellRun, run_cell
from graders.sandbox.base import Limits, Sandbox


@dataclass
class LessonCheck:
    """One lesson's problems (none: it is sound) and how many cells ran."""

    slug: str
    problems: list[str] = field(default_factory=list)
    cells_run: int = 0

    @property
    def ok(self) -> bool:
        """Tell whether the lesson has no problem."""
        return not self.problems


def describe(run: CellRun) -> str:
    """Say in one line how a run that did not print its expected output went."""
    if run.limit:
        return f"stopped by the {run.limit} limit"
    if run.error_type:
        last = run.stderr.strip().splitlines()[-1:] or [run.error_type]
        return f"raised {last[0]}"
    return f"printed {run.stdout[:300]!r}"


def check_lesson(folder: Path, sandbox: Sandbox, limits: Limits,
                 challenges: Iterable[str] | None = None,
                 progress: Callable[[str], None] | None = None) -> LessonCheck:
    """Load a lesson folder and run every cell of every language in the sandbox."""
    result = LessonCheck(folder.name)
    try:
        lesson = load_lesson(folder)
    except LessonError as exc:
        result.problems += exc.problems
        return result
    result.problems += [str(p) for p in folder_problems(folder, load_glossary())]
    known = set(challenges) if challenges is not None else None
    if known is not None:
        result.problems += [f"lesson.toml: no challenge called {slug!r}"
                            for slug in lesson.challenges if slug not in known]
    for lang in sorted(lesson.blocks_by_language):
        for cell in lesson.cells(lang):
            run = run_cell(cell.code, sandbox, limits)
            result.cells_run += 1
            ok = not (run.limit or run.error_type or run.failed) and same_output(
                run.stdout, cell.expected_output)
            if progress:
                progress(f"{lesson.slug} [{lang}] {cell.id}: {'ok' if ok else 'MISMATCH'}")
            if not ok:
                result.problems.append(f"lesson.{lang}.md: cell {cell.id!r} {describe(run)}, "
                                       "not its expected output")
    return result


def lesson_folders(root: Path) -> list[Path]:
    """Return the lesson folders under `root` (those holding a lesson.toml), by name."""
    return sorted(folder for folder in root.iterdir()
                  if (folder / "lesson.toml").is_file()) if root.is_dir() else []
