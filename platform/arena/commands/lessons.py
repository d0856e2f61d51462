"""`arena lessons`: check the lesson folders."""

from __future__ import annotations

from pathlib import Path

import click

from arena import create_app
from arena.jobs.sandbox import close_sandbox, get_sandbox
from graders.challenge.spec import load_catalog
from graders.lessons.check import check_lesson, lesson_folders
from graders.lessons.run import cell_limits


@click.group()
def lessons() -> None:
    """Check the lesson folders."""


@lessons.command("validate")
@click.argument("slugs", nargs=-1)
def lessons_validate(slugs: tuple[str, ...]) -> None:
    """Check every lesson (or those named): its files, its challenges, and that each cell, in
    each language, prints its expected output in the sandbox; exit 1 on any problem."""
    app = create_app()
    folders = lesson_folders(Path(app.config["LESSONS_DIR"]))
    unknown = set(slugs) - {folder.name for folder in folders}
    if unknown:
        raise click.ClickException(f"no such lesson: {', '.join(sorted(unknown))}")
    specs, _broken = load_catalog(Path(app.config["CHALLENGES_DIR"]))
    limits = cell_limits(app.config["CELL_TIME_LIMIT"], app.config["CELL_MEMORY_MB"])
    failed = False
    try:
        sandbox = get_sandbox(app)
        for folder in folders:
            if slugs and folder.name not in slugs:
                continue
            result = check_lesson(folder, sandbox, limits, [s.slug for s in specs], click.echo)
            for problem in result.problems:
                click.echo(f"{result.slug}: {problem}", err=True)
            click.echo(f"{result.slug}: {'ok' if result.ok else 'FAILED'} "
                       f"({result.cells_run} cells run)")
            failed = failed or not result.ok
    finally:
        close_sandbox(app)
    if failed:
        raise SystemExit(1)
