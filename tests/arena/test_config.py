"""Configuration: documented defaults, the test mapping, then ARENA_* environment variables."""

from pathlib import Path

import pytest

from arena import create_app
from arena.config import (
    COMPOSE_FIXED,
    OPTIONS,
    REPOSITORY,
    REPOSITORY_CHALLENGES,
    SECRET_KEY_LENGTH,
    database_url,
    with_docs_table,
    with_env_list,
)


@pytest.fixture
def clean_env(monkeypatch):
    """Remove every ARENA_* variable so that the defaults show."""
    for name in [n for n in __import__("os").environ if n.startswith("ARENA_")]:
        monkeypatch.delenv(name)
    return monkeypatch


def test_defaults_put_everything_in_the_data_folder(clean_env, tmp_path):
    clean_env.chdir(tmp_path)  # the folder `arena` starts in does not matter
    app = create_app()
    data = REPOSITORY_CHALLENGES.parent / "data"
    assert app.config["DATA_DIR"] == str(data) and data.is_dir()
    assert app.config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{data / 'arena.db'}"
    assert app.config["QUEUE"] == "embedded"
    assert app.config["WORKERS"] == 2
    assert app.config["SANDBOX"] is None
    assert Path(app.config["CHALLENGES_DIR"]) == REPOSITORY_CHALLENGES
    assert REPOSITORY_CHALLENGES.name == "challenges"
    assert app.config["MAX_CONTENT_LENGTH"] == 4 * 1024 * 1024


def test_secret_key_is_generated_once_and_kept(clean_env, tmp_path):
    clean_env.setenv("ARENA_DATA_DIR", str(tmp_path / "data"))
    first = create_app().config["SECRET_KEY"]
    assert len(first) >= 32
    assert create_app().config["SECRET_KEY"] == first
    assert (tmp_path / "data" / "secret_key").stat().st_mode & 0o077 == 0


def test_environment_overrides_test_config(clean_env, tmp_path):
    clean_env.setenv("ARENA_WORKERS", "5")
    clean_env.setenv("ARENA_DATA_DIR", str(tmp_path / "elsewhere"))
    clean_env.setenv("ARENA_SECRET_KEY", "from-env-" + "k" * 32)
    app = create_app({"WORKERS": 3, "DATA_DIR": str(tmp_path / "mapping")})
    assert app.config["WORKERS"] == 5
    assert app.config["DATA_DIR"] == str(tmp_path / "elsewhere")
    assert app.config["SECRET_KEY"] == "from-env-" + "k" * 32


def test_test_config_overrides_defaults(clean_env, tmp_path):
    app = create_app({"WORKERS": 3, "DATA_DIR": str(tmp_path), "SANDBOX": "process"})
    assert app.config["WORKERS"] == 3 and app.config["SANDBOX"] == "process"


@pytest.mark.parametrize(("given", "used"), [
    ("postgresql://u@h:5432/db", "postgresql+psycopg://u@h:5432/db"),
    ("postgres://h/db", "postgresql+psycopg://h/db"),
    ("postgresql+psycopg://h/db", "postgresql+psycopg://h/db"),
    ("sqlite:////tmp/x.db", "sqlite:////tmp/x.db"),
])
def test_postgresql_urls_use_psycopg_3(given, used):
    assert database_url(given) == used


def test_unknown_queue_is_refused(clean_env, tmp_path):
    with pytest.raises(ValueError, match="ARENA_QUEUE"):
        create_app({"DATA_DIR": str(tmp_path), "QUEUE": "carrier-pigeon"})


@pytest.mark.parametrize(("name", "value"), [
    ("RETENTION_RUN_DAYS", "1e9"),  # now minus a billion days: before year 1, an overflow
    ("RETENTION_DETAIL_DAYS", "inf"), ("RETENTION_RUN_DAYS", "-1"),  # -1: every run "old"
    ("PRUNE_EVERY_HOURS", "nan"), ("MAX_TOKENS_PER_USER", "0"),
])
def test_a_span_or_a_cap_past_its_bounds_stops_the_start(clean_env, tmp_path, name, value):
    clean_env.setenv(f"ARENA_{name}", value)
    with pytest.raises(ValueError, match=f"ARENA_{name} must be"):
        create_app({"DATA_DIR": str(tmp_path)})


def test_creating_the_app_starts_no_threads(clean_env, tmp_path):
    import threading

    before = threading.active_count()
    app = create_app({"DATA_DIR": str(tmp_path)})
    assert threading.active_count() == before
    assert not app.extensions["arena.queue"].running
    assert "arena.sandbox" not in app.extensions


def test_the_authoring_budget_comes_from_the_settings(clean_env, tmp_path):
    from arena.jobs.preparation import budget
    from graders.grading.budget import DEFAULT_BUDGET, Budget

    clean_env.setenv("ARENA_DATA_DIR", str(tmp_path / "data"))
    with create_app().app_context():
        assert budget() == DEFAULT_BUDGET == Budget(100, 1024 * 1024, 8 * 1024 * 1024, 120.0)
    clean_env.setenv("ARENA_PREPARE_MAX_CASES", "40")
    clean_env.setenv("ARENA_AUTHORING_SECONDS", "30")
    with create_app().app_context():
        assert (budget().cases, budget().seconds) == (40, 30.0)
    clean_env.setenv("ARENA_MAX_DRAFTS_PER_AUTHOR", "0")
    with pytest.raises(ValueError, match="ARENA_MAX_DRAFTS_PER_AUTHOR must be at least 1"):
        create_app()


def test_the_docs_table_of_settings_is_written_from_the_options():
    """Change an option, then `python -m arena.config docs/configuration.md .env.example` writes
    the table and the list."""
    page = (REPOSITORY / "docs" / "configuration.md").read_text(encoding="utf-8")
    assert with_docs_table(page) == page
    assert page.count("| `ARENA_") == len(OPTIONS)
    example = (REPOSITORY / ".env.example").read_text(encoding="utf-8")
    assert with_env_list(example) == example


def test_env_example_lists_settings_at_safe_defaults_and_marks_the_secrets():
    lines = (REPOSITORY / ".env.example").read_text(encoding="utf-8").splitlines()
    # An empty rate limit turns it off: every one is listed commented out, at its default.
    assert '# ARENA_LOGIN_RATE_LIMIT="30 per minute; 300 per hour"' in lines
    assert not [line for line in lines if line.startswith("ARENA_") and "RATE_LIMIT" in line]
    for option in (o for o in OPTIONS if o.secret and o.name not in COMPOSE_FIXED):
        at = lines.index(next(line for line in lines if line.lstrip("# ").startswith(
            f"ARENA_{option.name}=")))
        above = []  # the comment lines right above it, other settings' lines excluded
        while at > 0 and lines[at - 1].startswith("#") and "ARENA_" not in lines[at - 1]:
            at -= 1
            above.append(lines[at])
        assert "a secret" in " ".join(above).lower(), option.name


@pytest.mark.parametrize(("name", "value"), [
    ("WORKERS", "many"), ("LEASE_SECONDS", -1), ("AUTHORING_SECONDS", 0), ("QUEUE", "kafka"),
    ("LOGIN_RATE_LIMIT", "often"), ("MAX_TOKENS_PER_USER", 0), ("RETENTION_RUN_DAYS", "nan"),
    ("WTF_CSRF_TIME_LIMIT", "soon")])
def test_a_bad_value_stops_the_start_naming_its_variable(clean_env, tmp_path, name, value):
    with pytest.raises(ValueError, match=f"ARENA_{name} (must|is not)"):
        create_app({name: value, "DATA_DIR": str(tmp_path)})


def test_a_short_secret_key_stops_the_start_outside_testing(clean_env, tmp_path):
    short = "k" * (SECRET_KEY_LENGTH - 1)
    clean_env.setenv("ARENA_SECRET_KEY", short)
    with pytest.raises(ValueError) as refused:
        create_app({"DATA_DIR": str(tmp_path)})
    said = str(refused.value)
    assert said.startswith(f"ARENA_SECRET_KEY is {SECRET_KEY_LENGTH - 1} characters long")
    assert "secrets.token_urlsafe(48)" in said and short not in said and "\n" not in said
    assert create_app({"DATA_DIR": str(tmp_path), "TESTING": True}).config["SECRET_KEY"] == short
    clean_env.setenv("ARENA_SECRET_KEY", "k" * SECRET_KEY_LENGTH)
    assert create_app({"DATA_DIR": str(tmp_path)}).config["SECRET_KEY"] == "k" * SECRET_KEY_LENGTH


@pytest.mark.parametrize(("url", "password", "shown"), [
    # Unencoded, `@` makes the host `ss/w@h`: refused before it could show in any message.
    ("postgresql://arena:p@ss/w@h/db", None, "more than one '@'"),
    ("mysql://arena:hunter2hunter2@h/db", None, "names mysql, not SQLite or PostgreSQL: "
                                                "mysql://arena:***@h/db"),
    ("postgresql://arena:hunter2hunter2@h:port/db", None, "is not a database URL"),
    ("sqlite:////tmp/x.db", "hunter2hunter2", "names SQLite, which has no password"),
])
def test_a_database_url_that_cannot_work_is_refused_without_its_password(
        clean_env, tmp_path, url, password, shown):
    with pytest.raises(ValueError) as refused:
        create_app({"DATA_DIR": str(tmp_path), "DATABASE_URL": url,
                    "DATABASE_PASSWORD": password})
    said = str(refused.value)
    assert said.startswith(("ARENA_DATABASE_URL", "ARENA_DATABASE_PASSWORD")) and shown in said
    assert "hunter2" not in said and "ss/w" not in said and "\n" not in said


def test_the_database_password_setting_goes_into_the_url_encoded(clean_env, tmp_path):
    from sqlalchemy.engine import make_url

    password = "p@ss/w:rd%41 ?#é"
    app = create_app({"DATA_DIR": str(tmp_path), "DATABASE_PASSWORD": password,
                      "DATABASE_URL": "postgresql://arena:old@db.example:5433/arena"})
    url = make_url(app.config["SQLALCHEMY_DATABASE_URI"])
    assert (url.password, url.host, url.port, url.database) == (password, "db.example", 5433,
                                                                 "arena")
    assert url.drivername == "postgresql+psycopg"


@pytest.mark.parametrize("name", [o.name for o in OPTIONS if o.secret])
def test_a_secret_is_never_shown_when_its_value_is_refused(clean_env, tmp_path, name):
    from arena.config import _read_all

    class Unreadable:
        def __str__(self) -> str:
            raise ValueError("must be text")

        def __repr__(self) -> str:
            return "the-secret-itself"

    config = {o.name: o.default for o in OPTIONS} | {name: Unreadable()}
    with pytest.raises(ValueError) as refused:
        _read_all(config)
    assert str(refused.value) == f"ARENA_{name} must be text"


@pytest.mark.parametrize("written", ["1e5", "true", "null", "[1, 2]", '"quoted"', "007", "12.50"])
def test_a_text_setting_from_the_environment_is_kept_as_written(clean_env, tmp_path, written):
    """JSON would turn a password `1e5` into 100000.0 and `null` into no password at all."""
    clean_env.setenv("ARENA_DATABASE_PASSWORD", written)
    clean_env.setenv("ARENA_SMTP_PASSWORD", written)
    clean_env.setenv("ARENA_WORKERS", "3")  # not text: JSON, a number
    app = create_app({"DATA_DIR": str(tmp_path),
                      "DATABASE_URL": "postgresql://arena@db.example/arena"})
    from sqlalchemy.engine import make_url

    assert make_url(app.config["DATABASE_URL"]).password == written
    assert app.config["SMTP_PASSWORD"] == written and app.config["WORKERS"] == 3


@pytest.mark.parametrize(("settings", "said"), [
    ({"ARENA_SMTP_PORT": "x"}, "Error: configuration: ARENA_SMTP_PORT is not valid: 'x'"),
    ({"ARENA_SECRET_KEY": "hunter2"}, "Error: configuration: ARENA_SECRET_KEY is 7 characters"),
    ({"ARENA_DATABASE_URL": "sqlite:////nonexistent/folder/arena.db"},
     "Error: the SQLite database (ARENA_DATABASE_URL, ARENA_DATA_DIR) cannot be used: unable to "
     "open database file"),
])
def test_the_arena_command_says_what_stopped_its_start_in_one_line(
        clean_env, tmp_path, settings, said):
    from click.testing import CliRunner

    from arena.cli import main

    result = CliRunner().invoke(main, ["db", "upgrade"],
                                env={"ARENA_DATA_DIR": str(tmp_path), **settings})
    assert result.exit_code == 1
    assert result.output.startswith(said) and result.output.count("\n") == 1, result.output
    assert "hunter2" not in result.output
