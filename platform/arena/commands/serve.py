"""`arena serve` and `arena worker`: the long-running processes, the web tier and the graders."""

from __future__ import annotations

import gc
import ipaddress
import logging
import os
import signal
import socket
import sys
from pathlib import Path

import click
import gevent
from flask import Flask
from gevent.pywsgi import WSGIServer

from arena import create_app, logs
from arena.commands.challenges import echo_sync
from arena.config import shown_url
from arena.db import checked_app
from arena.jobs.processes import GradingProcesses, grade_for_the_web
from arena.jobs.pruner import Pruner
from arena.jobs.queue import get_queue
from arena.jobs.sandbox import close_sandbox, get_sandbox
from arena.jobs.workers import register_worker
from arena.services.catalog import published_challenges, sync_catalog
from graders.sandbox.base import Sandbox


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
def serve(host: str, port: int) -> None:
    """Serve the web app and the API, grading in processes of its own (ARENA_QUEUE=embedded,
    ARENA_GRADING_PROCESSES) or sending the grading to `arena worker` processes
    (ARENA_QUEUE=distributed). The web process waits without threads (arena.cooperative).
    Never migrates: refuses a schema that is not this code's newest (`arena db upgrade`)."""
    _refuse_taken(host, port)
    logs.setup()
    app = checked_app()
    embedded = app.config["QUEUE"] == "embedded"
    # The web process grades nothing: its sandbox (the check below, and the copy of the
    # system's files that the process backend's grading processes share) needs no pool.
    app.config["POOL_SIZE"] = 0
    if embedded:
        sandbox = _check_sandbox(app, host)
    _sync_and_say(app)
    if embedded:
        processes = app.config["GRADING_PROCESSES"]
        app.extensions["arena.queue"] = GradingProcesses(
            app, processes, env={**os.environ, "ARENA_SANDBOX": sandbox.name})
        click.echo(f"grading: {processes} processes of {app.config['WORKERS']} workers each")
    else:
        click.echo("queue: distributed; `arena worker` processes grade")
    queue = get_queue(app)
    queue.start()
    pruner = Pruner(app)
    pruner.start()
    server = WSGIServer((host, port), app, log=None, error_log=logging.getLogger("arena.web"))
    # SIGTERM (docker stop, systemd) and Ctrl+C stop the server and run the clean-up below,
    # which stops the grading processes (and so drains their warm pools).
    for stop in (signal.SIGTERM, signal.SIGINT):
        gevent.signal_handler(stop, server.stop, timeout=5)
    click.echo(f"Attention Arena on http://{host}:{port}/ (Ctrl+C stops it)")
    # The started app's objects (catalog, SQLAlchemy's and Jinja's caches) live as long as the
    # process: out of the collector's sight, a full collection no longer walks them all (a
    # 500-student gradebook's page paid ~100 ms for one; docs/benchmarks.md).
    gc.freeze()
    try:
        server.serve_forever()
    finally:
        pruner.stop()
        queue.stop(timeout=30)
        close_sandbox(app)


def _refuse_taken(host: str, port: int) -> None:
    """Stop with one line, before anything starts, when the address cannot be listened on (the
    port taken by another server, or the host not this machine's)."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as gevent binds
            probe.bind(address)
    except OSError as exc:
        raise click.ClickException(
            f"cannot listen on {host}:{port} ({exc.strerror or exc}): another server may hold "
            "it; choose another with --port (make serve PORT=...)") from exc


def _check_sandbox(app: Flask, host: str) -> Sandbox:
    """Say which sandbox grades, and return it; refuse the process sandbox on a public
    address."""
    sandbox = get_sandbox(app)
    if (sandbox.name == "process" and not _is_loopback(host)
            and os.environ.get("ARENA_ALLOW_PROCESS_SANDBOX") != "1"):
        raise click.ClickException(
            "the process sandbox is for one person on their own machine: bind to 127.0.0.1, "
            "use Docker, or set ARENA_ALLOW_PROCESS_SANDBOX=1 to accept the risk")
    click.echo(f"sandbox: {sandbox.name} ({sandbox.reason})")
    return sandbox


def _sync_and_say(app: Flask) -> None:
    """Load the challenge folders and say what is published."""
    with app.app_context():
        report = sync_catalog(Path(app.config["CHALLENGES_DIR"]))
        echo_sync(report)
        live = len(published_challenges())
    click.echo(f"challenges: {live} published, {len(report.pending)} being validated (each "
               f"appears when proven valid); database: {shown_url(app.config['DATABASE_URL'])}")


@click.command()
@click.option("--concurrency", "-c", default=2, show_default=True, type=click.IntRange(1, 64),
              help="Submissions graded at the same time by this process.")
@click.option("--alive-file", type=click.Path(dir_okay=False, path_type=Path),
              help="Touched after each round in which the database and Redis answered "
                   "(every third of ARENA_LEASE_SECONDS): a health check reads its age.")
def worker(concurrency: int, alive_file: Path | None) -> None:
    """Grade for the distributed queue (ARENA_QUEUE=distributed, ARENA_REDIS_URL): any
    number of these, on any hosts that share the database and Redis. Never migrates: refuses
    a schema that is not this code's newest (`arena db upgrade`)."""
    logs.setup()
    app = checked_app()
    if app.config["QUEUE"] != "distributed":
        raise click.ClickException("arena worker serves the distributed queue: set "
                                   "ARENA_QUEUE=distributed and ARENA_REDIS_URL")
    registry = register_worker(app)  # before the sandbox: its containers are this name's
    _check_sandbox(app, "127.0.0.1")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    pruner = Pruner(app)  # the web tier may be gunicorn, which prunes nothing
    pruner.start()
    try:
        get_queue(app).work(app.extensions["arena.sandbox"], concurrency, alive_file)
    finally:
        pruner.stop()
        close_sandbox(app)
        registry.stop()


@click.command(hidden=True)
@click.option("--for", "web", required=True, help="The web process's owner id.")
@click.option("--lane", is_flag=True, help="Run the authoring lane too.")
def grader(web: str, lane: bool) -> None:
    """Grade for the `arena serve` that started this process (arena.jobs.processes); it ends
    when its standard input closes. Never started by hand."""
    logs.setup()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C stops the web process, which stops us
    grade_for_the_web(create_app(), web, lane, close_sandbox)
