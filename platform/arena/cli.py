"""The `arena` command line: run the platform, manage its data, submit as a learner.

A learner's `arena submit` needs none of the server: this module imports only click and the
HTTP client at the top; each server command imports what it uses when it runs.
"""

from __future__ import annotations

import gc
import importlib
import ipaddress
import os
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from arena import create_app
from arena.client import ArenaClient, ClientError, format_result

if TYPE_CHECKING:
    from flask import Flask

    from arena.services.catalog import SyncReport


def _app() -> Flask:
    """Create the app from the environment, with its database schema up to date."""
    from arena import db

    app = create_app()
    db.upgrade(app)
    return app


class _Commands(click.Group):
    """The `arena` group, with command groups whose module is loaded only when named."""

    #: name -> "module:attribute" of a click group that imports the graders at its top.
    lazy = {"sandbox": "arena.sandbox_cli:sandbox_group"}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy:
            module, attribute = self.lazy[cmd_name].split(":")
            return getattr(importlib.import_module(module), attribute)
        return super().get_command(ctx, cmd_name)


@click.group(cls=_Commands)
def main() -> None:
    """Attention Arena: auto-graded challenges for learning attention."""


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
def serve(host: str, port: int) -> None:
    """Serve the web app and the API, with embedded grading workers (ARENA_QUEUE=embedded)
    or sending the grading to `arena worker` processes (ARENA_QUEUE=distributed)."""
    import waitress

    from arena.jobs.pruner import Pruner
    from arena.jobs.queue import get_queue
    from arena.jobs.sandbox import close_sandbox

    app = _app()
    embedded = app.config["QUEUE"] == "embedded"
    if embedded:
        _check_sandbox(app, host)
    _sync_and_say(app)
    queue = get_queue(app)
    queue.start()
    pruner = Pruner(app)
    pruner.start()
    # SIGTERM (docker stop, systemd, Ctrl+C's cousin) must run the clean-up below, which
    # drains the warm pool; the default action would leave its containers to the reaper.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    if not embedded:
        click.echo("queue: distributed; `arena worker` processes grade")
    click.echo(f"Attention Arena on http://{host}:{port}/ (Ctrl+C stops it)")
    # The started app's objects (catalog, SQLAlchemy's and Jinja's caches) live as long as the
    # process: out of the collector's sight, a full collection no longer walks them all (a
    # 500-student gradebook's page paid ~100 ms for one; docs/benchmarks.md).
    gc.freeze()
    try:
        waitress.serve(app, host=host, port=port, threads=8, ident="arena")
    finally:
        pruner.stop()
        queue.stop(timeout=30)
        close_sandbox(app)


def _check_sandbox(app: Flask, host: str) -> None:
    """Say which sandbox grades; refuse the process sandbox on a public address."""
    from arena.jobs.sandbox import get_sandbox

    sandbox = get_sandbox(app)
    if (sandbox.name == "process" and not _is_loopback(host)
            and os.environ.get("ARENA_ALLOW_PROCESS_SANDBOX") != "1"):
        raise click.ClickException(
            "the process sandbox is for one person on their own machine: bind to 127.0.0.1, "
            "use Docker, or set ARENA_ALLOW_PROCESS_SANDBOX=1 to accept the risk")
    click.echo(f"sandbox: {sandbox.name} ({sandbox.reason})")


def _sync_and_say(app: Flask) -> None:
    """Load the challenge folders and say what is published."""
    from arena.services.catalog import list_challenges, sync_catalog

    with app.app_context():
        report = sync_catalog(Path(app.config["CHALLENGES_DIR"]))
        _echo_sync(report)
        live = len(list_challenges())
    click.echo(f"challenges: {live} published, {len(report.pending)} being validated (each "
               f"appears when proven valid); database: {app.config['DATABASE_URL']}")


@main.command()
@click.option("--concurrency", "-c", default=2, show_default=True, type=click.IntRange(1, 64),
              help="Submissions graded at the same time by this process.")
@click.option("--alive-file", type=click.Path(dir_okay=False, path_type=Path),
              help="Touched after each round in which the database and Redis answered "
                   "(every third of ARENA_LEASE_SECONDS): a health check reads its age.")
def worker(concurrency: int, alive_file: Path | None) -> None:
    """Grade for the distributed queue (ARENA_QUEUE=distributed, ARENA_REDIS_URL): any
    number of these, on any hosts that share the database and Redis."""
    from arena.jobs.pruner import Pruner
    from arena.jobs.queue import get_queue
    from arena.jobs.sandbox import close_sandbox

    app = _app()
    if app.config["QUEUE"] != "distributed":
        raise click.ClickException("arena worker serves the distributed queue: set "
                                   "ARENA_QUEUE=distributed and ARENA_REDIS_URL")
    _check_sandbox(app, "127.0.0.1")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    pruner = Pruner(app)  # the web tier may be gunicorn, which prunes nothing
    pruner.start()
    try:
        get_queue(app).work(app.extensions["arena.sandbox"], concurrency, alive_file)
    finally:
        pruner.stop()
        close_sandbox(app)


@main.group("db")
def db_group() -> None:
    """Manage the database schema."""


@db_group.command("upgrade")
def db_upgrade() -> None:
    """Bring the database schema to the newest revision."""
    app = _app()
    click.echo(f"database at the newest revision: {app.config['DATABASE_URL']}")


def _days(_ctx: click.Context, _param: click.Parameter, value: float | None) -> float | None:
    """Refuse a span of days that no date can be taken back by (arena.bounds.MAX_DAYS)."""
    from arena.bounds import MAX_DAYS

    if value is not None and not 0 <= value <= MAX_DAYS:  # NaN too
        raise click.BadParameter(f"must be from 0 to {MAX_DAYS} days, not {value}")
    return value


@db_group.command("prune")
@click.option("--run-days", type=float, callback=_days, default=None,
              help="Delete runs finished longer ago (default ARENA_RETENTION_RUN_DAYS).")
@click.option("--detail-days", type=float, callback=_days, default=None,
              help="Drop output and public test details older (default "
                   "ARENA_RETENTION_DETAIL_DAYS).")
def db_prune(run_days: float | None, detail_days: float | None) -> None:
    """Apply the retention to stored runs, outputs and drafts (docs/configuration.md), print
    what was removed. Safe while the server runs: queued and running work and gradebook submissions
    are never touched."""
    from dataclasses import replace

    from arena.services.retention import Retention, prune

    app = _app()
    retention = Retention.from_config(app.config)
    retention = replace(retention, run_days=retention.run_days if run_days is None else run_days,
                        detail_days=retention.detail_days if detail_days is None else detail_days)
    with app.app_context():
        report = prune(retention)
    _said(retention.run_days, "RUN_DAYS",
          f"runs finished over {retention.run_days:g} days ago: {report.old_runs} deleted")
    _said(retention.run_bytes_per_user, "RUN_BYTES_PER_USER",
          f"runs beyond a user's newest {retention.run_bytes_per_user} bytes: "
          f"{report.runs_over_share} deleted")
    _said(retention.detail_days, "DETAIL_DAYS",
          f"work finished over {retention.detail_days:g} days ago, outside gradebooks: "
          f"{report.trimmed} trimmed (output and public test details dropped)")
    _said(retention.draft_days, "DRAFT_DAYS",
          f"superseded drafts made over {retention.draft_days:g} days ago that nothing uses: "
          f"{report.drafts} deleted (with the runs on them)")


def _said(setting: float, name: str, line: str) -> None:
    """Print what one retention rule did, or that it is off."""
    click.echo(line if setting else f"ARENA_RETENTION_{name} is 0: nothing removed by it")


@main.group()
def challenges() -> None:
    """Load, list and validate the challenge folders."""


@challenges.command("sync")
@click.option("--jobs", "-j", default=2, show_default=True, type=click.IntRange(1, 16),
              help="Challenges validated at the same time.")
def challenges_sync(jobs: int) -> None:
    """Load the challenge folders: each new or changed one is validated, and published only
    if valid; a broken or invalid folder is reported and its published version stays live.
    Exits 1 if any folder was not published."""
    from arena.services.catalog import sync_catalog

    app = _app()
    with app.app_context():
        report = sync_catalog(Path(app.config["CHALLENGES_DIR"]))
        _echo_sync(report)
        pending = [v.id for v in report.pending]
    failed = _validate_versions(app, pending, jobs)
    if report.broken or report.invalid or failed:
        raise SystemExit(1)


def _echo_sync(report: SyncReport) -> None:
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
    from concurrent.futures import ThreadPoolExecutor

    from arena.extensions import db
    from arena.jobs.sandbox import close_sandbox, get_sandbox
    from arena.jobs.validation import VALIDATIONS, run_validation
    from arena.models import ChallengeVersion

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
                    where = ":".join(str(problem[k]) for k in ("file", "line") if problem[k])
                    click.echo(f"  - {where + ': ' if where else ''}{problem['message']}")
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
    from arena.extensions import db
    from arena.models import Challenge
    from arena.services.versions import find_version
    from graders.authoring.bundle import write_archive

    app = _app()
    with app.app_context():
        challenge = db.session.scalar(db.select(Challenge).where(Challenge.slug == slug))
        version = find_version(challenge, which) if challenge else None
        if version is None or version.files is None:
            raise click.ClickException(f"no version {which or ''} of {slug!r} to export")
        files = {path: text.encode("utf-8") for path, text in version.files.items()}
        Path(output).write_bytes(write_archive(files, slug))
        click.echo(f"wrote {output}: {slug} version {version.number}, {len(files)} files")


@challenges.command("import")
@click.argument("archive", type=click.Path(exists=True, dir_okay=False))
@click.option("--as", "username", default=None,
              help="The instructor or admin whose challenge it becomes (default: no owner, "
                   "managed by admins).")
@click.option("--no-publish", is_flag=True, help="Validate, but leave it a draft.")
def challenges_import(archive: str, username: str, no_publish: bool) -> None:
    """Import a .zip or .tar.gz of a challenge folder as a draft, validate it, and publish it
    if valid (like the API's upload). Exits 1 unless it ends valid."""
    from arena.errors import ArenaError
    from arena.extensions import db
    from arena.jobs.validation import request_validation
    from arena.models import User
    from arena.services.authoring import import_challenge
    from graders.authoring.bundle import files_from_archive
    from graders.problems import ChallengeProblems

    app = _app()
    with app.app_context():
        user = None
        if username is not None:
            user = db.session.scalar(db.select(User).where(User.username == username))
            if user is None:
                raise click.ClickException(f"no user called {username!r}")
        try:
            version = import_challenge(files_from_archive(Path(archive).read_bytes()), user)
        except ChallengeProblems as exc:
            raise click.ClickException("; ".join(map(str, exc.problems))) from exc
        except ArenaError as exc:
            raise click.ClickException(exc.message) from exc
        click.echo(f"{version.challenge.slug} version {version.number}: a draft; validating")
        request_validation(version)
        version.publish_when_valid = not no_publish
        db.session.commit()
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
    from graders.authoring.scaffold import scaffold

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
    from arena.services.catalog import list_challenges

    app = _app()
    with app.app_context():
        for c in list_challenges():
            click.echo(f"{c.slug:32} {c.difficulty:7} {c.track:12} {c.title.get('en', '')}")


@challenges.command("validate")
@click.argument("slugs", nargs=-1)
@click.option("--jobs", "-j", default=2, show_default=True, type=click.IntRange(1, 16),
              help="Challenges validated at the same time.")
def challenges_validate(slugs: tuple[str, ...], jobs: int) -> None:
    """Prove each challenge's tests strong, print their strength; exit 1 if any check fails.

    The content each valid folder had is written to the validation record
    (challenges/validated.toml), which lets `sync` publish exactly that content at once."""
    from arena.jobs.sandbox import close_sandbox, get_sandbox
    from graders.authoring.record import update_record
    from graders.authoring.validate import Validation, strength_table, validate_all

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
    for line in strength_table([results[s.slug] for s in specs]
                               + [results[slug] for slug in sorted(broken)]):
        click.echo(line)
    update_record(Path(app.config["CHALLENGES_DIR"]),
                  {s.slug: s.content_hash for s in specs if results[s.slug].ok},
                  {slug for slug, r in results.items() if not r.ok})
    if not all(r.ok for r in results.values()):
        raise SystemExit(1)


def _chosen_specs(app: Flask, slugs: tuple[str, ...]) -> tuple[list, dict[str, list]]:
    """Read the challenge folders named (all when none is): specs, and folders that fail."""
    from graders import load_catalog

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
    from arena.jobs.sandbox import close_sandbox, get_sandbox
    from graders.authoring.catalog import catalog_markdown
    from graders.prepare import PrepareError

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


@main.group()
def users() -> None:
    """Manage user accounts."""


@users.command("create")
@click.argument("username")
@click.option("--role", type=click.Choice(["student", "instructor", "admin"]),
              default="student", show_default=True)
@click.option("--password-stdin", is_flag=True, help="Read the password from standard input.")
def users_create(username: str, role: str, password_stdin: bool) -> None:
    """Create a user."""
    from arena.services.users import create_user

    password = sys.stdin.readline().rstrip("\n") if password_stdin else None
    app = _app()
    with app.app_context():
        try:
            username = create_user(username, role, password).username
        except ValueError as exc:
            raise click.ClickException(str(exc)) from exc
    click.echo(f"created {role} {username}")


@users.command("deactivate")
@click.argument("username")
def users_deactivate(username: str) -> None:
    """Deactivate a user: their sessions end, their password and tokens stop working."""
    from arena.errors import NotFound
    from arena.services.users import deactivate_user

    app = _app()
    with app.app_context():
        try:
            deactivate_user(username)
        except NotFound as exc:
            raise click.ClickException(str(exc)) from exc
    click.echo(f"deactivated {username}: every session ended, tokens refused")


@main.group()
def tokens() -> None:
    """Manage API tokens."""


@tokens.command("create")
@click.argument("username")
def tokens_create(username: str) -> None:
    """Create an API token; it is printed alone on the last line, once. An account holds at
    most ARENA_MAX_TOKENS_PER_USER live tokens."""
    from arena.errors import Conflict, NotFound
    from arena.services.users import create_token

    app = _app()
    with app.app_context():
        try:
            token = create_token(username, app.config["MAX_TOKENS_PER_USER"])
        except (NotFound, Conflict) as exc:
            raise click.ClickException(str(exc)) from exc
    click.echo(f"token for {username} (store it now; it is not shown again):")
    click.echo(token)


@main.command()
@click.argument("slug")
@click.argument("file", type=click.File("r", encoding="utf-8"))
@click.option("--run", is_flag=True, help="Run on the public examples only; nothing recorded.")
def submit(slug: str, file, run: bool) -> None:
    """Submit FILE for SLUG; print the tests and the verdict; exit 0 only when accepted."""
    client = ArenaClient(os.environ.get("ARENA_URL", "http://127.0.0.1:8000"),
                         os.environ.get("ARENA_TOKEN"))
    try:
        result = client.grade(slug, file.read(), run=run)
    except ClientError as exc:
        raise click.ClickException(str(exc)) from exc
    click.echo(format_result(result))
    if result.get("verdict") != "accepted":
        raise SystemExit(1)
