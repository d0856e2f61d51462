"""`arena challenges`: load, list, validate, import and export the challenge folders."""

from __future__ import annotations

import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import click
from flask import Flask

from arena import create_app
from arena.db import checked_app
from arena.errors import ArenaError, NotFound
from arena.extensions import db
from arena.jobs.sandbox import close_sandbox, get_sandbox
from arena.jobs.validation import VALIDATIONS, run_validation
from arena.models import ChallengeVersion
from arena.services.authoring import archive_of, challenge_named, import_challenge, named_version
from arena.services.catalog import SyncReport, published_challenges, sync_catalog
from arena.services.users import find_user
from arena.services.versions import challenge_spec
from graders.authoring.catalog import catalog_markdown
from graders.authoring.record import update_record
from graders.authoring.scaffold import scaffold
from graders.authoring.validate import Validation, strength_table, validate_all
from graders.challenge.spec import ChallengeSpec, load_catalog
from graders.files.archive import files_from_archive
from graders.files.glossary import folder_problems, load_glossary
from graders.grading.prepare import PrepareError
from graders.problems import ChallengeProblems, Problem


@click.group()
def challenges() -> None:
    """Load, list and validate the challenge folders."""


@challenges.command("sync")
@click.option("--jobs", "-j", default=2, show_default=True, type=click.IntRange(1, 16),
              help="Challenges validated at the same time.")
def challenges_sync(jobs: int) -> None:
    """Load the challenge folders: each new or changed one is validated, and published only
    if valid; a broken or invalid folder is reported and its published version stays live.
    Exits 1 if any folder was not published."""
    app = checked_app()
    with app.app_context():
        report = sync_catalog(Path(app.config["CHALLENGES_DIR"]))
        echo_sync(report)
        pending = [v.id for v in report.pending]
    failed = _validate_versions(app, pending, jobs)
    if report.broken or report.invalid or failed:
        raise SystemExit(1)


def echo_sync(report: SyncReport) -> None:
    """Say what a sync did, and for each broken folder which file, which line, what."""
    for slug in report.published:
        click.echo(f"published {slug}")
    for slug in report.invalid:
        click.echo(f"not published {slug}: its validation failed; see "
                   f"`arena challenges validate {slug}`", err=True)
    for folder, problems in sorted(report.broken.items()):
        click.echo(f"skipped challenges/{folder}: " + "; ".join(map(str, problems)), err=True)


def _validate_versions(app: Flask, version_ids: list[int], jobs: int) -> int:
    """Validate queued versions now (publishing the valid ones that wait for it); print each
    outcome; return how many failed."""
    def one(version_id: int) -> tuple[tuple, bool]:
        with app.app_context():
            if not VALIDATIONS.claim(version_id):  # a running server validates it
                version = db.session.get(ChallengeVersion, version_id)
                return (version.challenge.slug, version.number, version.validation), False
            version = run_validation(version_id, get_sandbox(app))
            state = (version.challenge.slug, version.number, version.validation)
            published = version.challenge.current_version_id == version_id
            return state, published

    failed = 0
    try:
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            for (slug, number, validation), published in pool.map(one, version_ids):
                verdict = "published" if published else "valid" if validation["valid"] else \
                    "INVALID, not published"
                click.echo(f"{slug} version {number}: {verdict}")
                for problem in validation["problems"]:
                    click.echo(f"  - {Problem(**problem)}")
                failed += not validation["valid"]
    finally:
        close_sandbox(app)
    return failed


@challenges.command("export")
@click.argument("slug")
@click.option("--output", "-o", required=True, type=click.Path(dir_okay=False, writable=True),
              help="The .tar.gz to write.")
@click.option("--version", "which", default=None,
              help="draft, published or a number (default: the draft, else the published).")
def challenges_export(slug: str, output: str, which: str | None) -> None:
    """Write a challenge version's folder as a .tar.gz, byte for byte."""
    app = checked_app()
    with app.app_context():
        try:
            version = named_version(challenge_named(slug), which)
        except NotFound:
            version = None
        if version is None or version.files is None:
            raise click.ClickException(f"no version {which or ''} of {slug!r} to export")
        Path(output).write_bytes(archive_of(version))
        click.echo(f"wrote {output}: {slug} version {version.number}, "
                   f"{len(version.files)} files")


@challenges.command("import")
@click.argument("archive", type=click.Path(exists=True, dir_okay=False))
@click.option("--as", "username", default=None,
              help="The instructor or admin whose challenge it becomes (default: no owner, "
                   "managed by admins).")
@click.option("--no-publish", is_flag=True, help="Validate, but leave it a draft.")
def challenges_import(archive: str, username: str, no_publish: bool) -> None:
    """Import a .zip or .tar.gz of a challenge folder as a draft, validate it, and publish it
    if valid (like the API's upload). Exits 1 unless it ends valid."""
    app = checked_app()
    with app.app_context():
        user = None
        if username is not None:
            user = find_user(username)
            if user is None:
                raise click.ClickException(f"no user called {username!r}")
        try:
            version = import_challenge(files_from_archive(Path(archive).read_bytes()), user,
                                       publish_when_valid=not no_publish)
        except ChallengeProblems as exc:
            raise click.ClickException("; ".join(map(str, exc.problems))) from exc
        except ArenaError as exc:
            raise click.ClickException(exc.message) from exc
        click.echo(f"{version.challenge.slug} version {version.number}: a draft; validating")
        version_id = version.id
    if _validate_versions(app, [version_id], 1):
        raise SystemExit(1)


@challenges.command("new")
@click.argument("slug")
@click.option("--entry-point", default="solve", show_default=True)
@click.option("--to", "root", type=click.Path(file_okay=False), default=None,
              help="Where to create the folder (default: the challenges folder).")
def challenges_new(slug: str, entry_point: str, root: str | None) -> None:
    """Create a challenge folder to fill in: every file, each saying what it must hold."""
    app = create_app()
    folder = Path(root or app.config["CHALLENGES_DIR"]) / slug
    try:
        written = scaffold(folder, slug, entry_point)
    except (ValueError, FileExistsError) as exc:
        raise click.ClickException(str(exc)) from exc
    for path in written:
        click.echo(f"wrote {path}")
    click.echo(f"Fill in each file (docs/authoring.md), then: arena challenges validate {slug}")


@challenges.command("list")
def challenges_list() -> None:
    """List the challenges in the database."""
    app = checked_app()
    with app.app_context():
        for spec in map(challenge_spec, published_challenges()):
            click.echo(f"{spec.slug:32} {spec.difficulty:7} {spec.track:12} "
                       f"{spec.title.get('en', '')}")


@challenges.command("validate")
@click.argument("slugs", nargs=-1)
@click.option("--jobs", "-j", default=2, show_default=True, type=click.IntRange(1, 16),
              help="Challenges validated at the same time.")
def challenges_validate(slugs: tuple[str, ...], jobs: int) -> None:
    """Prove each challenge's tests strong, print their strength; exit 1 if any check fails.

    The content each valid folder had is written to the validation record
    (challenges/validated.toml), which lets `sync` publish exactly that content at once."""
    app = create_app()
    specs, broken = _chosen_specs(app, slugs)
    results = {slug: Validation(slug, problems) for slug, problems in broken.items()}
    # The bar goes to stderr and draws only on a terminal; the table goes to stdout.
    with click.progressbar(length=len(specs), label="validating", file=sys.stderr,
                           item_show_func=lambda r: r.slug if r else "") as bar:
        try:
            for result in validate_all(specs, get_sandbox(app), workers=jobs):
                results[result.slug] = result
                bar.update(1, result)
        finally:
            close_sandbox(app)
    terms = load_glossary()
    for spec in specs:  # the Korean terms: a folder's text, no sandbox needed
        results[spec.slug].problems += folder_problems(
            Path(app.config["CHALLENGES_DIR"]) / spec.slug, terms)
    for line in strength_table([results[s.slug] for s in specs]
                               + [results[slug] for slug in sorted(broken)]):
        click.echo(line)
    update_record(Path(app.config["CHALLENGES_DIR"]),
                  {s.slug: s.content_hash for s in specs if results[s.slug].ok},
                  {slug for slug, r in results.items() if not r.ok})
    if not all(r.ok for r in results.values()):
        raise SystemExit(1)


def _chosen_specs(app: Flask, slugs: tuple[str, ...]
                  ) -> tuple[list[ChallengeSpec], dict[str, list[Problem]]]:
    """Read the challenge folders named (all when none is): specs, and folders that fail."""
    specs, broken = load_catalog(Path(app.config["CHALLENGES_DIR"]))
    unknown = set(slugs) - {s.slug for s in specs} - set(broken)
    if unknown:
        raise click.ClickException(f"no such challenge: {', '.join(sorted(unknown))}")
    return ([s for s in specs if not slugs or s.slug in slugs],
            {k: v for k, v in broken.items() if not slugs or k in slugs})


@challenges.command("catalog")
@click.option("--output", "-o", type=click.Path(dir_okay=False, writable=True),
              help="Write the Markdown to this file (e.g. docs/catalog.md), not to stdout.")
def challenges_catalog(output: str | None) -> None:
    """Print the catalog of challenge folders as Markdown, one table per track."""
    app = create_app()
    specs, broken = _chosen_specs(app, ())
    if broken:
        raise click.ClickException("; ".join(f"{folder}: {'; '.join(map(str, problems))}"
                                             for folder, problems in broken.items()))
    try:
        text = catalog_markdown(specs, get_sandbox(app))
    except PrepareError as exc:
        raise click.ClickException(str(exc)) from exc
    finally:
        close_sandbox(app)
    if output:
        Path(output).write_text(text, encoding="utf-8")
        click.echo(f"wrote {output}")
    else:
        click.echo(text, nl=False)
