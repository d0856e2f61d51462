"""Shared fixtures: a fresh app and database per test, clients, users with tokens, the catalog.

The database is a temporary SQLite file, unless ARENA_DATABASE_URL names a PostgreSQL one (CI
also runs the suite against PostgreSQL): then it is dropped and made again per test. Either is
a copy of one migrated once per session (with the catalog synced, for a test that asks for
it): a SQLite file copied, a PostgreSQL database created from a template (the role needs
CREATEDB).

Preparing a challenge version runs its cases, reference and every mutant in the sandbox; the
`catalog` fixture gives each fresh database the cases that an earlier test of the session
prepared for the same content hash, so that each version is prepared once per session.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, make_url, select, text, update

from arena import create_app
from arena.config import database_url
from arena.db import upgrade
from arena.extensions import db
from arena.jobs.preparation import prepare_version
from arena.jobs.queue import EmbeddedQueue, get_queue
from arena.jobs.sandbox import close_sandbox, get_sandbox
from arena.models import Challenge, ChallengeVersion, Origin, User
from arena.services.authoring import import_challenge
from arena.services.catalog import list_challenges, sync_catalog
from arena.services.users import create_token, create_user
from arena.services.versions import publish
from graders.sandbox.base import Sandbox, SandboxUnavailable
from graders.sandbox.selection import select_sandbox
from tests.prepared_store import PreparedStore


class PostgresTemplates:
    """The session's template databases beside the test database: `migrated` (the schema at
    the newest revision), `synced` (that, with the repository's catalog) and `prepared` (that,
    with what the store of prepared data knows: `_fill_prepared`), each made once."""

    KINDS = ("migrated", "synced", "prepared")  # each made from the one before

    def __init__(self, url: str, folder: Path, store: PreparedStore) -> None:
        self.url = make_url(database_url(url))
        self.folder = folder  # the templates' apps' data
        self.store = store
        self.apps: dict[str, Any] = {}

    def copy(self, kind: str) -> None:
        """Make the test database again, as a copy of the template `kind`."""
        self._template(kind)
        if kind == "prepared":
            _fill_prepared(self.apps[kind], self.store)
        self._create(self.url.database, f"{self.url.database}_{kind}")

    def _template(self, kind: str) -> None:
        if kind in self.apps:
            return
        name = f"{self.url.database}_{kind}"
        before = self.KINDS[self.KINDS.index(kind) - 1] if kind != "migrated" else None
        if before:
            self._template(before)
        self._create(name, f"{self.url.database}_{before}" if before else "template0")
        template = _template_app(self.folder / name,
                                 self.url.set(database=name).render_as_string(False))
        with template.app_context():
            if kind == "migrated":
                upgrade(template)
            elif kind == "synced":
                _sync_checked(template)
            db.engine.dispose()  # a template must have no connection when it is copied
        self.apps[kind] = template

    def _create(self, name: str, template: str) -> None:
        admin = create_engine(self.url.set(database="postgres"), isolation_level="AUTOCOMMIT")
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            connection.execute(text(f'CREATE DATABASE "{name}" TEMPLATE "{template}"'))
        admin.dispose()


def _fill_prepared(app, store: PreparedStore) -> None:
    """Give each unprepared version of `app`'s database the prepared data the store knows for
    its content (36 MB for the whole catalog: written once into a template, not per test)."""
    with app.app_context():
        for version in db.session.scalars(
                select(ChallengeVersion).where(ChallengeVersion.prepared.is_(None))):
            kept = store.get(version.content_hash)
            if kept is not None:
                version.prepared = kept
        db.session.commit()
        db.engine.dispose()  # no connection left (PostgreSQL), the WAL in the file (SQLite)


def _settings(url: str, folder: Path) -> dict[str, Any]:
    """Return the test mapping of an app on `url` with its data in `folder`."""
    return {"TESTING": True, "DATA_DIR": str(folder / "data"), "DATABASE_URL": url,
            "SECRET_KEY": "test",
            # The documented rate limits, counted afresh per app (not in a Redis that
            # ARENA_REDIS_URL may name): tests/web/test_rate_limit.py configures its own.
            "RATE_LIMIT_STORAGE_URI": "memory://"}


def _template_app(folder: Path, url: str | None = None):
    """Create an app on `url` (default: the SQLite file `folder`/arena.db) with its data in
    `folder`, whatever database the environment names (the PostgreSQL pass sets
    ARENA_DATABASE_URL, which overrides a test mapping)."""
    with pytest.MonkeyPatch.context() as patch:
        for name in ("ARENA_DATABASE_URL", "ARENA_DATABASE_PASSWORD", "ARENA_DATA_DIR"):
            patch.delenv(name, raising=False)
        return create_app(_settings(url or f"sqlite:///{folder / 'arena.db'}", folder))


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Return a SQLite file migrated to the newest revision once per session: each test's
    database starts as a copy (an upgrade loads every revision file: a quarter second)."""
    folder = tmp_path_factory.mktemp("migrated")
    template = _template_app(folder)
    upgrade(template)
    with template.app_context():
        db.engine.dispose()  # the last connection checkpoints the WAL into the file
    return folder / "arena.db"


@pytest.fixture(scope="session")
def synced_sqlite(tmp_path_factory: pytest.TempPathFactory, migrated_sqlite: Path) -> Path:
    """Return a copy of the migrated SQLite file holding the repository's catalog, none of it
    prepared, made once per session (a sync loads and checks every folder: a second)."""
    folder = tmp_path_factory.mktemp("synced")
    shutil.copyfile(migrated_sqlite, folder / "arena.db")
    template = _template_app(folder)
    with template.app_context():
        _sync_checked(template)
        db.engine.dispose()
    return folder / "arena.db"


@pytest.fixture(scope="session")
def prepared_sqlite(tmp_path_factory: pytest.TempPathFactory, synced_sqlite: Path,
                    prepared_cache: PreparedStore) -> Callable[[], Path]:
    """Return a function that returns a copy of the synced SQLite file in which every version
    the store knows is prepared, brought up to date with the store at each call."""
    folder = tmp_path_factory.mktemp("prepared")
    shutil.copyfile(synced_sqlite, folder / "arena.db")
    template = _template_app(folder)

    def current() -> Path:
        _fill_prepared(template, prepared_cache)
        return folder / "arena.db"

    return current


def _sync_checked(app) -> None:
    """Sync the repository's challenges into `app`'s database, every folder proven."""
    report = sync_catalog(Path(app.config["CHALLENGES_DIR"]))
    # challenges/validated.toml names every folder as `make validate` proved it; a folder
    # changed since is left a draft, and its tests fail here until it is validated again.
    assert not report.broken and not report.pending, (
        f"broken: {report.broken}; not proven: {[v.challenge.slug for v in report.pending]}"
        " (run `arena challenges validate`)")


@pytest.fixture(scope="session")
def postgres_templates(tmp_path_factory: pytest.TempPathFactory,
                       prepared_cache: PreparedStore) -> PostgresTemplates:
    """Return the session's PostgreSQL templates (for ARENA_DATABASE_URL's database)."""
    return PostgresTemplates(os.environ["ARENA_DATABASE_URL"],
                             tmp_path_factory.mktemp("templates"), prepared_cache)


@pytest.fixture
def fresh_database_url(request: pytest.FixtureRequest, tmp_path: Path,
                       migrated_sqlite: Path) -> str:
    """Return the URL of a fresh database at the newest revision, as `arena db upgrade` leaves
    it (what a live `arena serve` or an `arena` command needs: they never migrate), with no
    rows, or with the catalog synced (and prepared, for `catalog`) when the test asks for it:
    ARENA_DATABASE_URL's database made again from a template, or a copy of a SQLite file."""
    kind = ("prepared" if "catalog" in request.fixturenames
            else "synced" if "unprepared_catalog" in request.fixturenames else "migrated")
    url = os.environ.get("ARENA_DATABASE_URL")
    if url and not url.startswith("sqlite"):
        request.getfixturevalue("postgres_templates").copy(kind)
        return url
    template = {"migrated": lambda: migrated_sqlite,
                "synced": lambda: request.getfixturevalue("synced_sqlite"),
                "prepared": lambda: request.getfixturevalue("prepared_sqlite")()}[kind]()
    shutil.copyfile(template, tmp_path / "arena.db")
    return f"sqlite:///{tmp_path / 'arena.db'}"


@pytest.fixture
def app_config() -> dict[str, Any]:
    """Return settings that the `app` fixture adds to its test mapping (a module overrides it)."""
    return {}


@pytest.fixture
def app(fresh_database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        app_config: dict[str, Any]) -> Iterator:
    """Create an app on a fresh, fully migrated database."""
    # The environment overrides the test mapping: keep it from sharing state between tests.
    for name in ("ARENA_DATABASE_URL", "ARENA_DATA_DIR", "ARENA_RATE_LIMIT_STORAGE_URI"):
        monkeypatch.delenv(name, raising=False)
    app = create_app({**_settings(fresh_database_url, tmp_path), **app_config})
    yield app
    get_queue(app).stop(timeout=30)
    close_sandbox(app)
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def client(app):
    """Return a test client for the app."""
    return app.test_client()


@pytest.fixture
def runner(app):
    """Return a runner for the app's Flask CLI commands."""
    return app.test_cli_runner()


@pytest.fixture(scope="session")
def prepared_cache() -> PreparedStore:
    """Return the prepared cases (`ChallengeVersion.prepared`) by content hash, of this session
    and of the other pytest processes of the same `make test` (tests/prepared_store.py)."""
    return PreparedStore.from_environment()


@pytest.fixture
def unprepared_catalog(app, prepared_cache: PreparedStore) -> Iterator[list[str]]:
    """Load the repository's challenges into the database, none prepared; yield their slugs.

    For the tests of preparing itself. Whatever the test prepared is kept for the session.
    """
    with app.app_context():
        if db.session.scalar(select(Challenge.id).where(Challenge.origin == Origin.FOLDER)
                             .limit(1)) is None:  # not a copy of synced_sqlite
            _sync_checked(app)
        slugs = [c.slug for c in list_challenges()]
    yield slugs
    with app.app_context():
        for version in db.session.scalars(
                select(ChallengeVersion).where(ChallengeVersion.prepared.is_not(None))):
            if prepared_cache.get(version.content_hash) is None:  # else not read: megabytes
                prepared_cache.put(version.content_hash, version.prepared)
        db.session.rollback()


@pytest.fixture
def catalog(app, unprepared_catalog: list[str], prepared_cache: PreparedStore) -> list[str]:
    """Load the repository's challenges, each prepared if this run prepared its content (the
    database is a copy of a template that has it: `fresh_database_url`)."""
    _fill_prepared(app, prepared_cache)  # what the store learned since the copy
    return unprepared_catalog


#: The budget of the first test that prepares the catalog (pytest-timeout counts the setup of
#: a session fixture in the test that first asks for it): minutes on a loaded machine.
PREPARING_TIMEOUT = 1500


#: The tiers that are directories (pyproject.toml's markers): every test in tests/browser drives
#: Chromium and every test in tests/compose belongs with the compose stacks, so a new module
#: there cannot slip into `make test-fast` by forgetting its marker.
TIER_OF_DIRECTORY = {"browser": pytest.mark.browser, "compose": pytest.mark.compose}


def pytest_itemcollected(item: pytest.Item) -> None:
    """Mark a test with its directory's tier (before `-m` selects)."""
    parts = item.path.relative_to(Path(__file__).parent).parts
    if len(parts) > 1 and parts[0] in TIER_OF_DIRECTORY:
        item.add_marker(TIER_OF_DIRECTORY[parts[0]])


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Give the first test that asks for the prepared catalog the time to prepare it."""
    first = next((item for item in items
                  if "prepared_catalog_file" in getattr(item, "fixturenames", ())), None)
    if first is not None:
        first.add_marker(pytest.mark.timeout(PREPARING_TIMEOUT))


@pytest.fixture(scope="session")
def prepared_catalog_file(prepared_sqlite: Callable[[], Path],
                          prepared_cache: PreparedStore) -> Path:
    """Return a SQLite file holding the repository's catalog, every version prepared: what
    this run prepared already, the rest prepared now (in the sandbox ARENA_SANDBOX selects, as
    a server's lane would), once per run of `make test`.

    A live server started on a copy is in steady state at once: its pages show their
    examples, and its lane does not spend minutes of both cores preparing the whole catalog
    again beside the test (tests/arena/test_queue.py proves a fresh start's lane does it)."""
    with prepared_cache.preparing():
        path = prepared_sqlite()
        template = _template_app(path.parent)
        try:
            with template.app_context():
                for version in db.session.scalars(select(ChallengeVersion).where(
                        ChallengeVersion.prepared.is_(None))).all():
                    prepare_version(version, get_sandbox(template))
                    prepared_cache.put(version.content_hash, version.prepared)
                db.engine.dispose()
        finally:
            close_sandbox(template)
    return path


@pytest.fixture(scope="session")
def seed_database(tmp_path_factory: pytest.TempPathFactory, prepared_catalog_file: Path,
                  prepared_cache: PreparedStore) -> Callable[[str], None]:
    """Return a function that gives a database (a URL: a fresh SQLite file, or an empty or
    migrated PostgreSQL one) the repository's catalog with every version prepared, as a live
    server's lane leaves it: for tests of servers in steady state, not of a fresh start."""

    def seed(url: str) -> None:
        if url.startswith("sqlite:///"):
            shutil.copyfile(prepared_catalog_file, url.removeprefix("sqlite:///"))
            return
        template = create_app(_settings(url, tmp_path_factory.mktemp("seeding")))
        upgrade(template)
        with template.app_context():
            sync_catalog(Path(template.config["CHALLENGES_DIR"]))
            for version in db.session.scalars(select(ChallengeVersion)):
                version.prepared = prepared_cache.get(version.content_hash)
            db.session.commit()
            db.engine.dispose()

    return seed


@pytest.fixture
def mark_prepared(app) -> Callable[[], None]:
    """Return a function that marks every version's preparation over, for tests of claiming
    that grade nothing: a version the session never prepared has no cases then (grading it
    would end as NOT_PREPARED), but work on it may be claimed."""

    def mark() -> None:
        with app.app_context():
            db.session.execute(update(ChallengeVersion)
                               .where(ChallengeVersion.prepare_status.is_(None))
                               .values(prepare_status="done"))
            db.session.commit()

    return mark


@pytest.fixture
def claimable_catalog(catalog: list[str], mark_prepared: Callable[[], None]) -> list[str]:
    """Load the repository's challenges, each claimable (`mark_prepared`)."""
    mark_prepared()
    return catalog


@pytest.fixture
def make_token(app) -> Callable[..., str]:
    """Return a function that creates a user and returns a fresh API token for them."""

    def make(username: str = "ann", role: str = "student") -> str:
        with app.app_context():
            create_user(username, role)
            return create_token(username)

    return make


@pytest.fixture
def auth_headers(make_token) -> dict[str, str]:
    """Return the Authorization header of a fresh student, 'ann'."""
    return {"Authorization": f"Bearer {make_token()}"}


@pytest.fixture
def queue(app) -> Iterator[EmbeddedQueue]:
    """Start the app's embedded queue (the real sandbox) for the test."""
    worker_queue = get_queue(app)
    worker_queue.start()
    yield worker_queue
    worker_queue.stop(timeout=60)


def _make_sandbox(name: str) -> Sandbox:
    """Return the named backend; without Docker, skip, unless ARENA_REQUIRE_DOCKER=1 (CI)."""
    try:
        return select_sandbox(name, pool_size=2 if name == "docker" else 0)
    except SandboxUnavailable as exc:
        if os.environ.get("ARENA_REQUIRE_DOCKER") == "1":
            pytest.fail(f"the Docker tier must run here: {exc}")
        pytest.skip(f"no Docker sandbox: {exc}")


@pytest.fixture(scope="session")
def make_sandbox() -> Callable[..., Sandbox]:
    """Return a function that builds a sandbox backend by name (skipping Docker if absent)."""
    return _make_sandbox


# A challenge's smallest whole set of files. Its boxes have the default 10 s of wall clock: with
# two test lanes on two cores a 2 s one ran out, and a validation failed for the machine's load.
TINY_TOML = '''slug = "running-max"
entry_point = "running_max"
difficulty = "easy"
track = "foundations"
order = 50
time_limit = 10.0

[title]
en = "Running maximum"
ko = "누적 최댓값"

[hints]
en = ["Keep the largest value seen so far."]
ko = ["지금까지 본 가장 큰 값을 기억하세요."]

[mutants.returns_input]
en = "Your function returns the row as it is: it never keeps the largest value seen so far."
ko = "행을 그대로 돌려줍니다. 지금까지 본 가장 큰 값을 기억하지 않습니다."
'''
TINY_CASES = '''def cases():
    return [
        {"name": {"en": "three increasing", "ko": "증가하는 세 값"}, "args": [[1.0, 2.0, 3.0]],
         "public": True},
        {"name": {"en": "one value", "ko": "값 하나"}, "args": [[5.0]]},
        {"name": {"en": "ten increasing", "ko": "증가하는 열 값"},
         "args": [[float(i) for i in range(10)]]},
    ]
'''


@pytest.fixture
def tiny_files() -> dict[str, str]:
    """Return a small valid challenge's files; its cases miss its one mutant until a case
    where the row goes down is added (`tiny_killing_case`)."""
    return {
        "challenge.toml": TINY_TOML,
        "statement.en.md": "# Running maximum\n\nReturn $m_i = \\max_{j \\le i} x_j$.\n",
        "statement.ko.md": "# 누적 최댓값\n\n$m_i = \\max_{j \\le i} x_j$를 돌려주세요.\n",
        "starter.py": "def running_max(row):\n    return [0.0 for _ in row]\n",
        "reference.py": ("def running_max(row):\n    out, top = [], float('-inf')\n"
                         "    for x in row:\n        top = max(top, x)\n        out.append(top)\n"
                         "    return out\n"),
        "cases.py": TINY_CASES,
        "mutants/returns_input.py": "def running_max(row):\n    return list(row)\n",
    }


@pytest.fixture
def publish_files(app) -> Callable[[str, dict[str, str]], int]:
    """Return a function that makes files their challenge's draft, owned by `owner` (a
    username), and publishes it as a finished, valid validation would; it returns the
    published version's number."""

    def publish_as(owner: str, files: dict[str, str]) -> int:
        with app.app_context():
            user = db.session.scalar(select(User).where(User.username == owner))
            version = import_challenge({path: text.encode() for path, text in files.items()},
                                       user, publish_when_valid=False)
            version.validation_status, version.validation = "done", {"valid": True}
            publish(version.challenge, version)
            db.session.commit()
            return version.number

    return publish_as


@pytest.fixture
def tiny_valid_files(tiny_files: dict[str, str]) -> dict[str, str]:
    """Return the small challenge with a hidden case that catches its mutant: valid."""
    cases = tiny_files["cases.py"].replace(
        "    ]\n", '        {"name": {"en": "a dip", "ko": "내려감"}, "args": [[3.0, 1.0, 2.0]]},\n'
                   "    ]\n")
    return {**tiny_files, "cases.py": cases}


REDIS_URL = os.environ.get("ARENA_REDIS_URL") or "redis://127.0.0.1:6379"


@pytest.fixture
def redis_url() -> str:
    """Return the URL of a Redis that answers; skip without one, unless ARENA_REQUIRE_REDIS=1."""
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except redis.RedisError as exc:
        if os.environ.get("ARENA_REQUIRE_REDIS") == "1":
            pytest.fail(f"Redis must answer at {REDIS_URL} here: {exc}")
        pytest.skip(f"no Redis at {REDIS_URL}: {exc}")
    return REDIS_URL
